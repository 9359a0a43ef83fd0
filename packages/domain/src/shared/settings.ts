import type { PlanLimits } from '../quota/plan-limits';

/** Deployment settings the domain needs; read once from configuration by the composition root. */
export interface PlatformSettings {
  /** Base of every link and token issuer, without a trailing slash. */
  readonly publicBaseUrl: string;
  readonly platformName: string;
  readonly organizationCreationEnabled: boolean;
  readonly planLimits: PlanLimits;
  /** `cname_target` of custom domains: the host their CNAME (or apex ALIAS) must point at. */
  readonly customDomainTarget: string;
  /** The platform sender's address (`MAIL_FROM` without its display name): `from_email` of platform sign-in mail. */
  readonly mailFromAddress: string;
  /** `ALLOW_PRIVATE_MAIL_HOSTS`: custom sign-in mail may use loopback and private servers (on-prem, tests). */
  readonly allowPrivateMailHosts: boolean;
  /** Compute units per US dollar of model-gateway spend (`LLM_CU_PER_USD`, supplement §14). */
  readonly llmCuPerUsd: number;
}
export const PLATFORM_SETTINGS = Symbol.for('gf.platform-settings');
