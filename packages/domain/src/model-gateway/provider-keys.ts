/**
 * Supplement §14: provider keys that, found among a workspace's
 * workspace-wide secrets, add a bring-your-own entry to the model list.
 * Only the key names are read, never the values.
 */
export const PROVIDER_KEYS: readonly { readonly secretKey: string; readonly provider: string }[] = [
  { secretKey: 'OPENAI_API_KEY', provider: 'openai' },
  { secretKey: 'ANTHROPIC_API_KEY', provider: 'anthropic' },
  { secretKey: 'GEMINI_API_KEY', provider: 'gemini' },
  { secretKey: 'MISTRAL_API_KEY', provider: 'mistral' },
];

/** A model the workspace can use through the gateway. */
export interface ModelEntry {
  readonly id: string;
  /** `catalog`: the gateway's own; `bring_your_own`: through the workspace's provider key. */
  readonly source: 'catalog' | 'bring_your_own';
  readonly provider: string | null;
  /** The workspace secret that carries the provider key (bring-your-own only). */
  readonly secret_key: string | null;
}

/** The bring-your-own entries for the provider keys among `secretKeys`, in the table's order. */
export function bringYourOwnModels(secretKeys: readonly string[]): ModelEntry[] {
  return PROVIDER_KEYS.filter((p) => secretKeys.includes(p.secretKey)).map((p) => ({
    id: `${p.provider}/*`,
    source: 'bring_your_own',
    provider: p.provider,
    secret_key: p.secretKey,
  }));
}
