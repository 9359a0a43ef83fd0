import 'reflect-metadata';
import { getMetadataStorage, IsInt, IsString, MaxLength, validateSync } from 'class-validator';
import { parseBody } from '../src/validation';

const fieldsOf = (object: object) =>
  validateSync(object, { whitelist: true, forbidNonWhitelisted: true, forbidUnknownValues: true }).map(
    (e) => e.property,
  );

describe('class-validator rules, looked up once per class', () => {
  class Named {
    @IsString()
    @MaxLength(5)
    name!: string;
  }
  class Counted extends Named {
    @IsInt()
    count!: number;
  }

  it('answers every call after the first from what it kept', () => {
    const storage = getMetadataStorage();
    const first = storage.getTargetValidationMetadatas(Counted, '', false, false);
    expect(storage.getTargetValidationMetadatas(Counted, '', false, false)).toBe(first);
    expect(storage.groupByPropertyName(first)).toBe(storage.groupByPropertyName(first));
  });

  it('still applies inherited rules and refuses unknown fields', () => {
    expect(() => parseBody(Counted, { name: 'toolong', count: 1 })).toThrow(/name/);
    expect(() => parseBody(Counted, { name: 'ok', count: 'x' })).toThrow(/count/);
    expect(() => parseBody(Counted, { name: 'ok', count: 1, extra: true })).toThrow(/extra: unknown field/);
    expect(parseBody(Counted, { name: 'ok', count: 1 })).toEqual({ name: 'ok', count: 1 });
    // The parent class answers with its own rules only.
    expect(() => parseBody(Named, { name: 'ok', count: 1 })).toThrow(/count: unknown field/);
  });

  it('sees a rule registered after the class was first validated', () => {
    class Late {
      @IsString()
      label!: string;
    }
    const late = Object.assign(new Late(), { label: 'x', size: 'big' });
    expect(fieldsOf(late)).toEqual(['size']);
    // A rule added now (a module loaded after the first request): kept answers are forgotten.
    IsInt()(Late.prototype, 'size');
    expect(fieldsOf(late)).toEqual(['size']);
    expect(fieldsOf(Object.assign(new Late(), { label: 'x', size: 3 }))).toEqual([]);
  });
});
