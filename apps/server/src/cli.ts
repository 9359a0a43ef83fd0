#!/usr/bin/env node
import { runCli } from './cli/program';
import { loadDotEnv } from './env';

/** `groundfloor`: the operator command line (`groundfloor --help`). */
loadDotEnv();
void runCli(process.argv.slice(2), {
  env: process.env,
  stdout: process.stdout,
  stderr: process.stderr,
  readStdin: async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  },
}).then((code) => {
  process.exitCode = code;
});
