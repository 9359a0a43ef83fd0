import type { IdGenerator } from '@groundfloor/domain';
import { randomUUID } from 'node:crypto';

/** Version 4 UUIDs from node:crypto. */
export class RandomUuidIds implements IdGenerator {
  next(): string {
    return randomUUID();
  }
}
