import 'reflect-metadata';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { Optional } from '../src/dto/optional';
import { QueryInteger, QueryList } from '../src/dto/query';
import { dtoSchema, queryParameters } from '../src/openapi/dto-schema';
import { parseQuery } from '../src/validation';

class ExampleDto {
  @IsString() @MaxLength(10) name!: string;
  @Optional() @IsString() nickname?: string;
  @IsOptional() @IsString() note?: string | null;
}

class ExampleQueryDto {
  @Optional() @QueryInteger() @IsInt() @Min(1) @Max(50) limit?: number;
  @Optional() @QueryList() @IsIn(['a', 'b'], { each: true }) kind?: string[];
}

describe('DTO schemas', () => {
  it('describe a body as parseBody enforces it: required, closed, null only where @IsOptional lets it in', () => {
    expect(dtoSchema(ExampleDto)).toEqual({
      type: 'object',
      required: ['name'],
      additionalProperties: false,
      properties: {
        name: { type: 'string', maxLength: 10 },
        nickname: { type: 'string' },
        note: { anyOf: [{ type: 'string' }, { type: 'null' }] },
      },
    });
  });

  it('describe a query DTO as parameters, lists repeatable', () => {
    expect(queryParameters(ExampleQueryDto)).toEqual([
      { name: 'limit', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 50 } },
      {
        name: 'kind',
        in: 'query',
        required: false,
        style: 'form',
        explode: true,
        schema: { type: 'array', items: { type: 'string', enum: ['a', 'b'] } },
      },
    ]);
  });
});

describe('parseQuery', () => {
  const parse = (query: Record<string, unknown>) =>
    parseQuery(ExampleQueryDto, query, { code: 'invalid_query' });

  it('reads digits as numbers, lists from repeats and commas, and empty values as absent', () => {
    expect(parse({ limit: '7', kind: ['a', 'b,a'] })).toEqual({ limit: 7, kind: ['a', 'b', 'a'] });
    expect(parse({ limit: '', kind: '' })).toEqual({ kind: [] });
  });

  it.each([['1.5'], ['-1'], ['1e2'], ['abc'], ['51'], ['0']])(
    'refuses limit=%s with the route code',
    (limit) => {
      expect(() => parse({ limit })).toThrow(expect.objectContaining({ code: 'invalid_query' }));
    },
  );

  it('refuses a single-valued parameter given twice as validation_failed', () => {
    expect(() => parse({ limit: ['1', '2'] })).toThrow(
      expect.objectContaining({ code: 'validation_failed' }),
    );
  });

  it('ignores unknown parameters unless told to refuse them', () => {
    expect(parse({ other: 'x' })).toEqual({});
    expect(() => parseQuery(ExampleQueryDto, { other: 'x' }, { unknown: 'refuse' })).toThrow(
      expect.objectContaining({ code: 'validation_failed' }),
    );
  });

  it('answers an empty query the same way every time: an instance when nothing is required, a refusal when something is', () => {
    class RequiredQueryDto {
      @IsString() q!: string;
    }
    for (let i = 0; i < 3; i++) {
      const parsed = parse({});
      expect(parsed).toBeInstanceOf(ExampleQueryDto);
      expect(parsed).toEqual({});
      expect(() => parseQuery(RequiredQueryDto, {}, { code: 'invalid_query' })).toThrow(
        expect.objectContaining({ code: 'invalid_query' }),
      );
    }
    expect(parseQuery(RequiredQueryDto, { q: 'x' })).toEqual({ q: 'x' });
  });
});
