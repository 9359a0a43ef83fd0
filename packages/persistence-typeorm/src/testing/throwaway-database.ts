import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

export interface ThrowawayDatabase {
  /** Connection URL of the new, empty database. */
  readonly url: string;
  readonly name: string;
  /** Drops the database, closing whatever connections are still open on it. */
  drop(): Promise<void>;
}

async function asAdmin(adminUrl: string, sql: string): Promise<void> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A fresh database on the server behind `adminUrl` (for example
 * `TEST_DATABASE_URL`), so test files run in parallel without seeing each
 * other's rows. The caller drops it when done.
 */
export async function createThrowawayDatabase(adminUrl: string): Promise<ThrowawayDatabase> {
  const name = `gf_t_${randomBytes(6).toString('hex')}`;
  await asAdmin(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () => asAdmin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
