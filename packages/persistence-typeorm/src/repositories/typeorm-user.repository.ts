import type { User, UserRepository } from '@groundfloor/domain';
import { In } from 'typeorm';
import { UserMapper } from '../mappers/user.mapper';
import { type UserRecord, UserSchema } from '../schemas/user.schema';
import { translatingConflicts } from '../unique-violation';
import { isUuid, onlyUuids } from '../uuid';
import { CoalescingReader } from './coalescing-reader';
import { lockFor, type RepositoryScope } from './repository-scope';
import { findRow, findRowsIn, updateById, upsertRow } from './rows';

export class TypeormUserRepository implements UserRepository {
  /**
   * Outside a transaction (every member added by email, every sign-in),
   * concurrent lookups by email share one statement.
   */
  private readonly byEmail: CoalescingReader<string, UserRecord> | null;

  constructor(private readonly scope: RepositoryScope) {
    this.byEmail = scope.inTransaction ? null : new CoalescingReader((emails) => this.recordsByEmail(emails));
  }

  async save(user: User): Promise<void> {
    await translatingConflicts(
      upsertRow(this.scope.manager(), UserSchema, UserMapper.toRecord(user), ['id']),
    );
  }

  async updateLastLoginAt(id: string, at: Date): Promise<void> {
    if (!isUuid(id)) return;
    await updateById(this.scope.manager(), UserSchema, id, { lastLoginAt: at });
  }

  findById(id: string): Promise<User | null> {
    return this.find(id, false);
  }

  findByIdForUpdate(id: string): Promise<User | null> {
    return this.find(id, true);
  }

  async findByEmail(email: string): Promise<User | null> {
    const key = email.toLowerCase();
    // A lookup inside a transaction's own session (PGlite) is not shared.
    const record =
      this.byEmail && this.scope.manager().queryRunner === undefined
        ? await this.byEmail.get(key)
        : await findRow(this.scope.manager(), UserSchema, { email: key });
    return record ? UserMapper.toDomain(record) : null;
  }

  private async recordsByEmail(emails: readonly string[]): Promise<Map<string, UserRecord>> {
    const manager = this.scope.manager();
    const records =
      emails.length === 1
        ? [await findRow(manager, UserSchema, { email: emails[0] })].filter((r) => r !== null)
        : await findRowsIn(manager, UserSchema, 'email', emails);
    return new Map(records.map((record) => [record.email, record]));
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
