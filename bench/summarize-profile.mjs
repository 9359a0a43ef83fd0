// Prints the functions and the packages a .cpuprofile spent its samples in (self time).
//
//   node bench/summarize-profile.mjs <file.cpuprofile> [how many, 25]
//
// A server profiled with --cpu-prof writes one file per thread; the main
// thread's is the one whose name ends in .001.cpuprofile.
import { readFileSync } from 'node:fs';

const [file, count = '25', ...rest] = process.argv.slice(2);
const top = Number(count);
if (!file || rest.length > 0 || !Number.isInteger(top) || top < 1) {
  console.error('usage: node bench/summarize-profile.mjs <file.cpuprofile> [how many, 25]');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, 'utf8'));
const counts = new Map();
for (const id of profile.samples) counts.set(id, (counts.get(id) ?? 0) + 1);
const total = profile.samples.length;
const byFunction = new Map();
const byPackage = new Map();
for (const node of profile.nodes) {
  const n = counts.get(node.id) ?? 0;
  if (n === 0) continue;
  const { functionName, url, lineNumber } = node.callFrame;
  const fn = `${functionName || '(anonymous)'} ${url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/(apps|packages)\//, '$1/')}:${lineNumber + 1}`;
  byFunction.set(fn, (byFunction.get(fn) ?? 0) + n);
  const pkg =
    /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1] ??
    (/\/(apps|packages)\/([^/]+)/.exec(url)?.slice(1).join('/') ||
      (url.startsWith('node:') ? 'node' : functionName.startsWith('(') ? functionName : 'other'));
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + n);
}
const print = (title, map) => {
  console.log(`\n${title}`);
  for (const [name, n] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${((n / total) * 100).toFixed(1).padStart(5)}%  ${name}`);
};
print('by package (self time)', byPackage);
print('by function (self time)', byFunction);
