import {
  type ActorKind,
  type AuditEvent,
  type Flag,
  M2M_SCOPES,
  type M2mClient,
  type Secret,
} from '@groundfloor/domain';
import { type Static, Type } from '@sinclair/typebox';
import { Closed, Dictionary, everyOf, Nullable, OneOf, Resource, Timestamp, Uuid } from '../openapi/schema';

/* Response shapes of issue 5, from allow-lists: a sealed value or a secret hash can never leak. */

const environmentId = Nullable(Uuid('the environment of the set; null: the workspace-wide set'));

export const SecretListItemSchema = Resource('SecretListItem', {
  key: Type.String(),
  description: Nullable(Type.String()),
  environment_id: environmentId,
});
export const secretListItemJson = (s: Secret): Static<typeof SecretListItemSchema> => ({
  key: s.key,
  description: s.description,
  environment_id: s.environmentId,
});

export const SecretMetadataSchema = Resource(
  'SecretMetadata',
  {
    key: Type.String(),
    description: Nullable(Type.String()),
    environment_id: environmentId,
    created_at: Timestamp(),
    updated_at: Timestamp(),
  },
  'What an upsert answers: metadata only, never the value',
);
export const secretMetadataJson = (s: Secret): Static<typeof SecretMetadataSchema> => ({
  key: s.key,
  description: s.description,
  environment_id: s.environmentId,
  created_at: s.createdAt.toISOString(),
  updated_at: s.updatedAt.toISOString(),
});

export const RevealedSecretSchema = Resource('RevealedSecret', {
  key: Type.String(),
  value: Type.String(),
  description: Nullable(Type.String()),
  environment_id: environmentId,
});
export const revealedSecretJson = (s: Secret, value: string): Static<typeof RevealedSecretSchema> => ({
  key: s.key,
  value,
  description: s.description,
  environment_id: s.environmentId,
});

export const M2mClientSchema = Resource('M2mClient', {
  client_id: Uuid(),
  name: Type.String(),
  scopes: Type.Array(OneOf(M2M_SCOPES)),
  created_at: Timestamp(),
});
export const m2mClientJson = (c: M2mClient): Static<typeof M2mClientSchema> => ({
  client_id: c.id,
  name: c.name,
  scopes: [...c.scopes],
  created_at: c.createdAt.toISOString(),
});

export const FlagSchema = Resource('Flag', {
  key: Type.String(),
  value: Type.Unknown({ description: 'any JSON value, null included' }),
  updated_at: Timestamp(),
});
export const flagJson = (f: Flag): Static<typeof FlagSchema> => ({
  key: f.key,
  value: f.value,
  updated_at: f.updatedAt.toISOString(),
});

const ACTOR_KINDS = everyOf<ActorKind>()(['user', 'operator', 'system', 'm2m', 'workload', 'app_user']);

export const AuditEventSchema = Resource('AuditEvent', {
  id: Uuid(),
  action: Type.String({ description: 'what happened, e.g. `secret.revealed`' }),
  actor: Closed({ kind: OneOf(ACTOR_KINDS), id: Type.String() }),
  organization_id: Nullable(Uuid()),
  workspace_id: Nullable(Uuid()),
  target: Closed({ type: Type.String(), id: Type.String() }),
  details: Dictionary(Type.Unknown(), 'what changed; never a secret, password or token'),
  ip: Nullable(Type.String()),
  created_at: Timestamp(),
});
export const auditEventJson = (e: AuditEvent): Static<typeof AuditEventSchema> => ({
  id: e.id,
  action: e.action,
  actor: { kind: e.actor.kind, id: e.actor.id },
  organization_id: e.organizationId,
  workspace_id: e.workspaceId,
  target: { type: e.target.type, id: e.target.id },
  details: e.details,
  ip: e.ip,
  created_at: e.createdAt.toISOString(),
});
