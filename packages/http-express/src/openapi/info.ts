import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ApiInfo } from './document';

const version = (): string => {
  // src/openapi or dist/openapi: the package's own package.json is two levels up.
  const file = path.join(__dirname, '..', '..', 'package.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
};

const DESCRIPTION = `The control API of a self-hostable, multi-tenant application platform: organizations,
workspaces and environments, memberships, encrypted secrets, M2M clients, flags, audit and support.

**Conventions.** Ids are UUIDs (any letter case; answers use lower case); a path id that is not a UUID
answers 404. Timestamps are ISO 8601 in UTC. Request and response bodies are JSON objects; unknown
request fields are refused (422 \`validation_failed\`, \`errors\` naming each field).

**Errors** are \`application/problem+json\` (RFC 9457) with a stable \`code\`: match on it, never on
\`detail\`. Each operation lists the codes it can answer. 401s carry \`WWW-Authenticate: Bearer\`; 429s
carry \`Retry-After\` in seconds.

**Callers.** Each operation names the token kinds it accepts: a team member's access token (from
\`POST /v1/auth/token\`), an M2M client's token (from its workspace's token exchange), or the
installation's operator token on \`/v1/operator/*\`. A valid M2M, workload or app-user token on a
route that does not take it answers 403 \`caller_kind_not_allowed\`; the operator token outside
\`/v1/operator/*\` is 401 \`invalid_token\`, and any other token on \`/v1/operator/*\` is 401
\`invalid_operator_token\`.

**Lists** answer every item, except tickets (\`limit\`/\`offset\`, with \`total_count\`) and the audit
log (\`limit\` and the \`before\` cursor from \`next_cursor\`).`;

export const apiInfo = (): ApiInfo => ({
  title: 'Groundfloor Control API',
  version: version(),
  description: DESCRIPTION,
});
