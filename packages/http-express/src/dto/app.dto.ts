import type { FieldError } from '@groundfloor/domain';
import { IsArray, IsBoolean, IsIn, IsObject, IsOptional, IsString, MaxLength } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { refuseFields } from '../validation';
import { Optional } from './optional';

type Schema = Exclude<Parameters<typeof JSONSchema>[0], (...args: never[]) => unknown>;
const grantItems = (extra: Record<string, Schema> = {}, required: string[] = []): Schema => ({
  type: 'array',
  items: {
    type: 'object',
    properties: { role: { type: 'string' }, action: { type: 'string' }, ...extra },
    required: ['role', 'action', ...required],
  },
});

/** A grant as sent; the domain checks each field and names it in a 422. */
export type RoleGrant = Record<string, unknown>;

/**
 * Unknown fields of grant lists, named by their place (`grants[1].x`): the
 * lists' elements are free objects to the DTO, so its whitelist does not
 * reach them. 422 `validation_failed` when there is any.
 */
export function refuseUnknownGrantFields(
  lists: Readonly<
    Record<string, { list: readonly RoleGrant[] | null | undefined; fields: readonly string[] }>
  >,
): void {
  const errors: FieldError[] = [];
  for (const [name, { list, fields }] of Object.entries(lists)) {
    for (const [i, grant] of (list ?? []).entries()) {
      for (const key of Object.keys(grant)) {
        if (!fields.includes(key)) errors.push({ field: `${name}[${i}].${key}`, message: 'unknown field' });
      }
    }
  }
  refuseFields(errors);
}
type PromotionPair = Record<string, unknown>;

const PAIR_FIELDS = ['source_app_id', 'target_app_id', 'source_release_id'] as const;

/**
 * The `pairs` of a promotion, each checked as the document describes it:
 * `source_app_id` text, `target_app_id` and `source_release_id` text when
 * given, nothing else. 422 naming every element that is not (`pairs[1].target_app_id`).
 */
export function promotionPairs(pairs: readonly PromotionPair[]): {
  sourceAppId: string;
  targetAppId?: string;
  sourceReleaseId?: string;
}[] {
  const errors: FieldError[] = [];
  for (const [i, pair] of pairs.entries()) {
    for (const key of Object.keys(pair)) {
      if (!(PAIR_FIELDS as readonly string[]).includes(key))
        errors.push({ field: `pairs[${i}].${key}`, message: 'unknown field' });
    }
    for (const field of PAIR_FIELDS) {
      const value = pair[field];
      const required = field === 'source_app_id';
      if ((value === undefined && !required) || typeof value === 'string') continue;
      errors.push({ field: `pairs[${i}].${field}`, message: required ? 'required, an app id' : 'an id' });
    }
  }
  refuseFields(errors);
  return pairs.map((p) => ({
    sourceAppId: (p.source_app_id as string).toLowerCase(),
    ...(p.target_app_id === undefined ? {} : { targetAppId: (p.target_app_id as string).toLowerCase() }),
    ...(p.source_release_id === undefined
      ? {}
      : { sourceReleaseId: (p.source_release_id as string).toLowerCase() }),
  }));
}

/*
 * Shape only: the domain checks names, slugs, kinds, manifests and ids and
 * names the field in its 422. The caps keep absurd input away from it.
 */

export class CreateWorkloadDto {
  @IsString() @MaxLength(10_000) name!: string;
  @IsString() @MaxLength(100) @JSONSchema({ enum: ['service', 'job'] }) kind!: string;
}

export class CreateAppDto {
  @IsString() @MaxLength(10_000) name!: string;
  @IsString() @MaxLength(1_000) slug!: string;
  @Optional()
  @IsString()
  @MaxLength(100)
  @JSONSchema({ enum: ['shell_federated', 'standalone'], description: 'default `shell_federated`' })
  app_kind?: string;
  @Optional() @IsString() @MaxLength(100) @JSONSchema({ format: 'uuid' }) environment_id?: string;
  @IsOptional() @IsString() @MaxLength(100) @JSONSchema({ format: 'uuid' }) primary_coderunner_id?:
    | string
    | null;
  @Optional()
  @IsObject()
  @JSONSchema({ type: 'object', description: 'free JSON, stored as sent' })
  manifest?: Record<string, unknown>;
  @IsOptional() @IsString() @MaxLength(10_000) git_repo_url?: string | null;
}

export class UpdateAppDto {
  @Optional() @IsString() @MaxLength(10_000) name?: string;
  @Optional() @IsObject() @JSONSchema({ type: 'object', description: 'replaced whole' }) manifest?: Record<
    string,
    unknown
  >;
  @IsOptional() @IsString() @MaxLength(10_000) git_repo_url?: string | null;
  @IsOptional() @IsString() @MaxLength(100) @JSONSchema({ format: 'uuid' }) primary_coderunner_id?:
    | string
    | null;
}

/** The app list's filters. Unknown parameters are ignored. */
export class ListAppsQueryDto {
  @Optional()
  @IsString()
  @JSONSchema({
    enum: ['product', 'shell_federated', 'standalone', 'all', 'coderunner'],
    description: 'default `product` (shell_federated and standalone)',
  })
  kind?: string;
  @Optional()
  @IsIn(['true', 'false'])
  @JSONSchema({ type: 'string', enum: ['true', 'false'], description: 'default false' })
  include_archived?: string;
}

export class AppBySlugQueryDto {
  @IsString({ message: 'required' }) @MaxLength(1_000) slug!: string;
}

export class CompareAppsQueryDto {
  @IsString({ message: 'required' }) @JSONSchema({ format: 'uuid' }) source_environment_id!: string;
  @IsString({ message: 'required' }) @JSONSchema({ format: 'uuid' }) target_environment_id!: string;
}

export class AppAccessDto {
  @IsString() @MaxLength(100) @JSONSchema({ enum: ['workspace', 'restricted'] }) visibility!: string;
  /** Omitted is `[]`: on a `workspace` app anyone may launch it whatever the grants. */
  @Optional() @IsArray() @IsObject({ each: true }) @JSONSchema(grantItems()) grants?: RoleGrant[];
}

export class PromoteAppsDto {
  @IsString() @MaxLength(100) @JSONSchema({ format: 'uuid' }) source_environment_id!: string;
  @IsString() @MaxLength(100) @JSONSchema({ format: 'uuid' }) target_environment_id!: string;
  @IsArray()
  @IsObject({ each: true })
  @JSONSchema({
    type: 'array',
    items: {
      type: 'object',
      properties: {
        source_app_id: { type: 'string', format: 'uuid' },
        target_app_id: { type: 'string', format: 'uuid' },
        source_release_id: { type: 'string', format: 'uuid' },
      },
      required: ['source_app_id'],
    },
  })
  pairs!: PromotionPair[];
  @Optional() @IsBoolean() dry_run?: boolean;
}

export class CreateCollectionDto {
  @IsString() @MaxLength(1_000) name!: string;
}

export class CollectionAclDto {
  @IsArray() @IsObject({ each: true }) @JSONSchema(grantItems()) grants!: RoleGrant[];
  @Optional()
  @IsArray()
  @IsObject({ each: true })
  @JSONSchema({
    type: 'array',
    items: {
      type: 'object',
      properties: { coderunner_id: { type: 'string', format: 'uuid' }, action: { type: 'string' } },
      required: ['coderunner_id', 'action'],
    },
    description: 'omitted: the workload grants stay as they are',
  })
  workload_grants?: { coderunner_id?: unknown; action?: unknown }[];
}

export class PutAccessDto {
  @Optional()
  @IsArray()
  @IsObject({ each: true })
  @JSONSchema({
    ...grantItems({ collection: { type: 'string' } }, ['collection']),
    description: 'omitted: `[]`',
  })
  vault_grants?: RoleGrant[];
  @Optional()
  @IsArray()
  @IsObject({ each: true })
  @JSONSchema({ ...grantItems(), description: 'omitted: `[]`' })
  files_grants?: RoleGrant[];
  @IsOptional()
  @IsArray()
  @IsObject({ each: true })
  @JSONSchema({
    ...grantItems({ app_id: { type: 'string', format: 'uuid' } }, ['app_id']),
    description: 'omitted or null: app launch stays as it is; `[]` restricts every product app',
  })
  app_grants?: RoleGrant[] | null;
}
