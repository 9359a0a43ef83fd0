import { writeFileSync } from 'node:fs';
import { describeApi, documentText } from '@groundfloor/http-express';

/** `npm run openapi`: writes the API document generated from the route table (default `docs/openapi.json`). */
const target = process.argv[2] ?? 'docs/openapi.json';
writeFileSync(target, documentText(describeApi()));
process.stdout.write(`wrote ${target}\n`);
