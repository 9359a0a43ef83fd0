import type { User, UserRepository } from '@groundfloor/domain';
import { In } from 'typeorm';
import { UserMapper } from '../mappers/user.mapper';
import { type UserRecord, UserSchema } from '../schemas/user.schema';
import { translatingConflicts } from '../unique-violation';
import { isUuid, onlyUuids } from '../uuid';
import { lockFor, type RepositoryScope } from './repository-scope';

export class TypeormUserRepository implements UserRepository {
  constructor(private readonly scope: RepositoryScope) {}

  async save(user: User): Promise<void> {
    await translatingConflicts(this.scope.manager().upsert(UserSchema, UserMapper.toRecord(user), ['id']));
  }

  findById(id: string): Promise<User | null> {
    return this.find(id, false);
  }

  findByIdForUpdate(id: string): Promise<User | null> {
    return this.find(id, true);
  }

  async findByEmail(email: string): Promise<User | null> {
    const record = await this.scope.manager().findOne(UserSchema, { where: { email: email.toLowerCase() } });
    return record ? UserMapper.toDomain(record) : null;
  }

  async findByIds(ids: readonly string[]): Promise<User[]> {
    const wanted = onlyUuids(ids);
    if (wanted.length === 0) return [];
    const records = await this.scope.manager().find(UserSchema, { where: { id: In(wanted) } });
    return records.map(UserMapper.toDomain);
  }

  private async find(id: string, forUpdate: boolean): Promise<User | null> {
    if (!isUuid(id)) return null;
    const record = await this.scope
      .manager()
      .findOne(UserSchema, { where: { id }, ...lockFor<UserRecord>(this.scope, forUpdate) });
    return record ? UserMapper.toDomain(record) : null;
  }
}
