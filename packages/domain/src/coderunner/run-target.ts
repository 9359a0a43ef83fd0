import { coderunnerNothingToRun, deploymentUrlMismatch } from './coderunner.errors';

/** Where a run goes: a deployment's invoke URL, or the one-time route of a definition. */
export type RunTarget =
  | { readonly kind: 'endpoint'; readonly url: string }
  | { readonly kind: 'once'; readonly definitionId: string };

/** `configuration.externalEndpoint` of a deployment answer, when it is an http(s) URL. */
export function externalEndpointOf(data: unknown): string | null {
  const configuration =
    typeof data === 'object' && data !== null ? (data as Record<string, unknown>).configuration : undefined;
  const raw =
    typeof configuration === 'object' && configuration !== null
      ? ((configuration as Record<string, unknown>).externalEndpoint ??
        (configuration as Record<string, unknown>).ExternalEndpoint)
      : undefined;
  return typeof raw === 'string' && /^https?:\/\/[^\s]+$/i.test(raw) ? raw : null;
}

/**
 * Spec, Code-execution proxy, Run: POST to the deployment's
 * `externalEndpoint` when it has one, else to the one-time route of the
 * definition. A `deployment_url` the client names is never trusted as
 * sent (the control plane's token goes with the request): it must be the
 * endpoint the upstream reports for the deployment.
 */
export function chooseRunTarget(input: {
  readonly endpoint: string | null;
  readonly deploymentUrl?: string | null;
  readonly definitionId: string | null;
}): RunTarget {
  if (input.deploymentUrl && input.deploymentUrl !== input.endpoint) throw deploymentUrlMismatch();
  if (input.endpoint) return { kind: 'endpoint', url: input.endpoint };
  if (input.definitionId) return { kind: 'once', definitionId: input.definitionId };
  throw coderunnerNothingToRun();
}
