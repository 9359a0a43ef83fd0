import type { MigrationInterface } from 'typeorm';
import { InitialSchema1767225600000 } from './1767225600000-initial-schema.migration';
import { SupportTickets1767225800000 } from './1767225800000-support-tickets.migration';
import { SecretsM2mFlags1767225900000 } from './1767225900000-secrets-m2m-flags.migration';

/**
 * Every migration, oldest first. Listed by hand rather than globbed: the
 * build is plain `tsc` output and nothing loads `.ts` files at run time.
 */
export const MIGRATIONS: ReadonlyArray<new () => MigrationInterface> = [
  InitialSchema1767225600000,
  SupportTickets1767225800000,
  SecretsM2mFlags1767225900000,
];
