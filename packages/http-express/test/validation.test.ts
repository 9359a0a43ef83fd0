import { DomainError } from '@groundfloor/domain';
import { AuditQueryDto } from '../src/dto/audit.dto';
import { LogoutDto } from '../src/dto/auth.dto';
import { RunAppDto } from '../src/dto/coderunner.dto';
import { PutFlagDto } from '../src/dto/flag.dto';
import { UpsertSecretDto } from '../src/dto/secret.dto';
import { TicketListQueryDto } from '../src/dto/support.dto';
import { parseBody, parseQuery } from '../src/validation';

describe('parseBody', () => {
  it('accepts a well-formed body', () => {
    expect(parseBody(LogoutDto, { refresh_token: 'abc' }).refresh_token).toBe('abc');
  });
  it('rejects unknown fields with 422 naming the field', () => {
    try {
      parseBody(LogoutDto, { refresh_token: 'abc', extra: 1 });
      throw new Error('expected a failure');
    } catch (e) {
      expect(e).toBeInstanceOf(DomainError);
      expect((e as DomainError).kind).toBe('invalid');
      expect((e as DomainError).fieldErrors).toEqual([{ field: 'extra', message: 'unknown field' }]);
    }
  });
  it('rejects a wrong type', () => {
    expect(() => parseBody(LogoutDto, { refresh_token: 5 })).toThrow(DomainError);
  });
  it('rejects a well-formed body that is not an object as invalid (422)', () => {
    expect(() => parseBody(LogoutDto, [])).toThrow(
      expect.objectContaining({ kind: 'invalid', code: 'invalid_body' }),
    );
  });
});

describe('text that cannot be stored', () => {
  const refusedAt = (run: () => unknown) => {
    try {
      run();
    } catch (e) {
      expect(e).toMatchObject({ kind: 'invalid', code: 'validation_failed' });
      return (e as DomainError).fieldErrors.map((f) => f.field);
    }
    throw new Error('expected a failure');
  };

  it('refuses U+0000 and unpaired surrogates in a body field, naming it', () => {
    expect(refusedAt(() => parseBody(LogoutDto, { refresh_token: 'a\u0000b' }))).toEqual(['refresh_token']);
    expect(refusedAt(() => parseBody(LogoutDto, { refresh_token: '\ud800x' }))).toEqual(['refresh_token']);
    expect(refusedAt(() => parseBody(LogoutDto, { refresh_token: 'x\udc00' }))).toEqual(['refresh_token']);
  });

  it('accepts characters outside the basic plane written as a surrogate pair', () => {
    expect(parseBody(LogoutDto, { refresh_token: 'a😀b\ud83d\ude00' }).refresh_token).toBe('a😀b😀');
  });

  it('looks inside nested values and their names', () => {
    expect(
      refusedAt(() => parseBody(PutFlagDto, { value: { rules: [{ on: 'ok' }, { on: 'n\u0000' }] } })),
    ).toEqual(['value.rules[1].on']);
    expect(refusedAt(() => parseBody(PutFlagDto, { value: { 'k\u0000': 1 } }))).toEqual(['value.k\u0000']);
  });

  it("lets a secret's value hold any text (it is stored sealed), but not its description", () => {
    expect(parseBody(UpsertSecretDto, { value: 'a\u0000\ud800' }).value).toBe('a\u0000\ud800');
    expect(refusedAt(() => parseBody(UpsertSecretDto, { value: 'v', description: 'd\u0000' }))).toEqual([
      'description',
    ]);
  });

  it('refuses such text in a query parameter', () => {
    expect(refusedAt(() => parseQuery(AuditQueryDto, { action: 'secret.\u0000' }))).toEqual(['action']);
    expect(parseQuery(AuditQueryDto, { action: 'secret.revealed' }).action).toBe('secret.revealed');
  });
});

describe('names the validation must not pass over', () => {
  it('refuses __proto__, constructor and prototype as body fields, as the unknown fields they are', () => {
    for (const name of ['__proto__', 'constructor', 'prototype']) {
      const body = JSON.parse(`{"refresh_token":"abc","${name}":{"admin":true}}`) as object;
      expect(() => parseBody(LogoutDto, body)).toThrow(
        expect.objectContaining({
          code: 'validation_failed',
          fieldErrors: [{ field: name, message: 'unknown field' }],
        }),
      );
    }
  });

  it('refuses them at any depth, free JSON and any-text fields included, naming the path (not a 500)', () => {
    const refusal = (field: string) =>
      expect.objectContaining({
        code: 'validation_failed',
        fieldErrors: [{ field, message: expect.stringContaining('not taken as a field name') }],
      });
    for (const name of ['__proto__', 'constructor', 'prototype']) {
      expect(() => parseBody(LogoutDto, JSON.parse(`{"refresh_token":{"${name}":1}}`))).toThrow(
        refusal(`refresh_token.${name}`),
      );
      expect(() => parseBody(PutFlagDto, JSON.parse(`{"value":[{"a":{"${name}":{"x":1}}}]}`))).toThrow(
        refusal(`value[0].a.${name}`),
      );
      expect(() => parseBody(RunAppDto, JSON.parse(`{"payload":{"${name}":1}}`))).toThrow(
        refusal(`payload.${name}`),
      );
    }
    expect(parseBody(PutFlagDto, { value: { constructors: 1, proto: 2 } }).value).toEqual({
      constructors: 1,
      proto: 2,
    });
  });

  it('refuses a field named like an Object method as unknown, and keeps such names in free JSON', () => {
    for (const name of ['toString', 'valueOf', 'hasOwnProperty']) {
      const body = JSON.parse(`{"refresh_token":"abc","${name}":1}`) as object;
      expect(() => parseBody(LogoutDto, body)).toThrow(
        expect.objectContaining({ fieldErrors: [{ field: name, message: 'unknown field' }] }),
      );
      const value = JSON.parse(`{"${name}":{"${name}":1}}`);
      expect(parseBody(PutFlagDto, { value }).value).toEqual(value);
    }
  });

  it('refuses a number too large for a double (1e400 parses as Infinity), naming the field', () => {
    const body = JSON.parse('{"value":{"limit":1e400}}') as object;
    expect(() => parseBody(PutFlagDto, body)).toThrow(
      expect.objectContaining({
        fieldErrors: [{ field: 'value.limit', message: 'a number too large to keep' }],
      }),
    );
  });

  it('refuses a declared query parameter in bracket form instead of ignoring it', () => {
    for (const query of [{ 'action[]': 'x' }, { 'limit[a]': '1' }]) {
      expect(() => parseQuery(AuditQueryDto, query)).toThrow(
        expect.objectContaining({ code: 'validation_failed' }),
      );
    }
    // An unknown name is still ignored where the DTO ignores unknown names.
    expect(parseQuery(AuditQueryDto, { 'other[]': 'x' })).toEqual({});
  });

  it('takes `name[]` as values of a list parameter, with the plain form', () => {
    const query = parseQuery(TicketListQueryDto, { 'status[]': ['open', 'resolved'], status: 'closed' });
    expect([...(query.status ?? [])].sort()).toEqual(['closed', 'open', 'resolved']);
  });
});
