import type { SigningKeyStore, StoredSigningKey } from '@groundfloor/domain';
import type { Executor } from '../executor';
import { SigningKeyMapper } from '../mappers/signing-key.mapper';
import { SigningKeySchema } from '../schemas/signing-key.schema';
import { translatingConflicts } from '../unique-violation';

export class TypeormSigningKeyStore implements SigningKeyStore {
  constructor(private readonly executor: Executor) {}

  async save(key: StoredSigningKey): Promise<void> {
    await translatingConflicts(
      this.executor.manager().upsert(SigningKeySchema, SigningKeyMapper.toRecord(key), ['kid']),
    );
  }

  /**
   * Serialised on one advisory lock, so the check and the writes cannot
   * interleave with another process's; the partial unique index
   * `signing_keys_one_current` makes a second current key impossible anyway.
   */
  replaceCurrent(next: StoredSigningKey, expectedKid: string | null): Promise<boolean> {
    return this.executor.transaction(async (manager) => {
      await manager.query("SELECT pg_advisory_xact_lock(hashtext('signing_keys.current'))");
      const rows: { kid: string }[] = await manager.query(
        'SELECT kid FROM signing_keys WHERE retired_at IS NULL ORDER BY created_at DESC, kid LIMIT 1',
      );
      if ((rows[0]?.kid ?? null) !== expectedKid) return false;
      await manager.query('UPDATE signing_keys SET retired_at = $1 WHERE retired_at IS NULL', [
        next.createdAt,
      ]);
      await translatingConflicts(manager.insert(SigningKeySchema, SigningKeyMapper.toRecord(next)));
      return true;
    });
  }

  async list(): Promise<StoredSigningKey[]> {
    const records = await this.executor
      .manager()
      .find(SigningKeySchema, { order: { createdAt: 'DESC', kid: 'ASC' } });
    return records.map(SigningKeyMapper.toDomain);
  }
}
