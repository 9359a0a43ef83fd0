import type { AuditEvent, Flag, M2mClient, Secret } from '@groundfloor/domain';

/* Response shapes of issue 5, from allow-lists: a sealed value or a secret hash can never leak. */

export const secretListItemJson = (s: Secret) => ({
  key: s.key,
  description: s.description,
  environment_id: s.environmentId,
});

/** What an upsert answers: metadata only, never the value. */
export const secretMetadataJson = (s: Secret) => ({
  key: s.key,
  description: s.description,
  environment_id: s.environmentId,
  created_at: s.createdAt.toISOString(),
  updated_at: s.updatedAt.toISOString(),
});

export const revealedSecretJson = (s: Secret, value: string) => ({
  key: s.key,
  value,
  description: s.description,
  environment_id: s.environmentId,
});

export const m2mClientJson = (c: M2mClient) => ({
  client_id: c.id,
  name: c.name,
  scopes: [...c.scopes],
  created_at: c.createdAt.toISOString(),
});

export const flagJson = (f: Flag) => ({ key: f.key, value: f.value, updated_at: f.updatedAt.toISOString() });

export const auditEventJson = (e: AuditEvent) => ({
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
