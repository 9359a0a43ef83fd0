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

  async list(): Promise<StoredSigningKey[]> {
    const records = await this.executor
      .manager()
      .find(SigningKeySchema, { order: { createdAt: 'DESC', kid: 'ASC' } });
    return records.map(SigningKeyMapper.toDomain);
  }
}
