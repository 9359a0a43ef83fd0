import { Limits } from '../shared/limits';
import { hasLineBreak } from '../shared/text';
import { type AppKind, CREATABLE_APP_KINDS } from './app';
import { appKindNotCreatable, invalidGitRepoUrl, invalidManifest } from './app.errors';

/** `app_kind` on create: absent means `shell_federated`; `coderunner` and unknown kinds are 422. */
export function requireCreatableKind(value: string | undefined): AppKind {
  const kind = value ?? CREATABLE_APP_KINDS[0];
  if (!(CREATABLE_APP_KINDS as readonly string[]).includes(kind as string)) {
    throw appKindNotCreatable(kind as string);
  }
  return kind as AppKind;
}

/** The manifest is free JSON, but an object: arrays, strings and null are 422. */
export function requireManifest(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalidManifest();
  return value as Record<string, unknown>;
}

/** Repository metadata, not checked against any host: one line, at most 2,048 characters; null clears it. */
export function requireGitRepoUrl(value: string | null): string | null {
  if (value === null) return null;
  const url = value.trim();
  if (url.length === 0 || url.length > Limits.appGitRepoUrlMax || hasLineBreak(url)) {
    throw invalidGitRepoUrl(Limits.appGitRepoUrlMax);
  }
  return url;
}
