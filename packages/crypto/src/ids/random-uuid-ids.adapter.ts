import { randomUUID } from 'node:crypto';
import type { IdGenerator } from '@groundfloor/domain';

/** Version 4 UUIDs from node:crypto. */
export class RandomUuidIds implements IdGenerator {
  next(): string {
    return randomUUID();
  }
}
