import {
  type BillingStatement,
  type EmailOutcome,
  type EmailSkippedReason,
  type Jwk,
  type LimitKey,
  type LimitUnit,
  type M2mToken,
  PLAN_TIERS,
  type Plan,
  type Quota,
  type TokenPair,
} from '@groundfloor/domain';
import { type Static, Type } from '@sinclair/typebox';
import { everyOf, Nullable, OneOf, Resource, Timestamp, Uuid } from '../openapi/schema';

/* Answers of sign-in, tokens, quotas and billing, from allow-lists of the domain's results. */

export const TokenPairSchema = Resource('TokenPair', {
  access_token: Type.String({ description: 'RS256 JWT; send it as `Authorization: Bearer`' }),
  token_type: Type.Literal('Bearer'),
  expires_in: Type.Integer({ description: 'seconds until the access token expires' }),
  refresh_token: Type.String({ description: 'single use: each refresh answers a new pair' }),
  password_change_required: Type.Boolean({
    description: 'a temporary password: only GET /v1/me and POST /v1/me/password work until it is changed',
  }),
});
export const tokenPairJson = (p: TokenPair): Static<typeof TokenPairSchema> => ({
  access_token: p.access_token,
  token_type: p.token_type,
  expires_in: p.expires_in,
  refresh_token: p.refresh_token,
  password_change_required: p.password_change_required,
});

export const M2mTokenSchema = Resource('M2mToken', {
  access_token: Type.String({ description: 'RS256 JWT; send it as `Authorization: Bearer`' }),
  token_type: Type.Literal('Bearer'),
  expires_in: Type.Integer({ description: 'seconds until the token expires' }),
  scope: Type.String({ description: "the client's scopes, space-separated" }),
});
export const m2mTokenJson = (t: M2mToken): Static<typeof M2mTokenSchema> => ({
  access_token: t.access_token,
  token_type: t.token_type,
  expires_in: t.expires_in,
  scope: t.scope,
});

export const JwksSchema = Resource(
  'Jwks',
  {
    keys: Type.Array(
      Type.Object(
        {
          kid: Type.String(),
          kty: Type.String(),
          alg: Type.String(),
          use: Type.String(),
          n: Type.String(),
          e: Type.String(),
        },
        { additionalProperties: false },
      ),
    ),
  },
  'The public keys that verify access tokens (RFC 7517)',
);
export const jwksJson = (jwks: { keys: Jwk[] }): Static<typeof JwksSchema> => ({
  keys: jwks.keys.map((k) => ({
    kid: k.kid,
    kty: k.kty,
    alg: String(k.alg),
    use: String(k.use),
    n: String(k.n),
    e: String(k.e),
  })),
});

export const CapabilitiesSchema = Resource('Capabilities', {
  can_create_organization: Type.Boolean(),
});

export const PasswordLinkSchema = Resource('PasswordLink', {
  email_masked: Type.String({ description: 'the account email with most of it hidden' }),
  expires_at: Timestamp(),
});

export const RedeemedPasswordLinkSchema = Resource('RedeemedPasswordLink', {
  email: Type.String({ description: 'the account whose password was set: sign in with it' }),
});

const EMAIL_SKIPPED = everyOf<EmailSkippedReason>()([
  'smtp_not_configured',
  'send_failed',
  'delivery_unconfirmed',
  'not_requested',
]);

/** The spec's email outcome fields, on answers that may have sent an email. */
export const emailOutcomeFields = {
  email_sent: Nullable(
    Type.Boolean({ description: 'true sent, false not sent, null unknown (may still arrive)' }),
  ),
  email_skipped_reason: Nullable(OneOf(EMAIL_SKIPPED)),
};
const EmailOutcomeSchema = Type.Object(emailOutcomeFields);
export const emailOutcomeJson = (e: EmailOutcome): Static<typeof EmailOutcomeSchema> => ({
  email_sent: e.email_sent,
  email_skipped_reason: e.email_skipped_reason,
});

const LIMIT_KEYS = everyOf<LimitKey>()(['workspaces', 'files.bytes', 'audit.events', 'llm.cu']);
const LIMIT_UNITS = everyOf<LimitUnit>()(['count', 'bytes', 'cu', 'currency']);
const limitLine = {
  key: OneOf(LIMIT_KEYS),
  label: Type.String(),
  unit: OneOf(LIMIT_UNITS),
  limit: Nullable(Type.Integer({ description: 'null: no ceiling' })),
  description: Type.String(),
};

export const QuotaSchema = Resource('Quota', {
  account_id: Uuid('the organization id, under its older name'),
  organization_id: Uuid(),
  plan_tier: OneOf(PLAN_TIERS),
  limits: Type.Array(Type.Object({ ...limitLine, current: Type.Integer() }, { additionalProperties: false })),
  note: Type.String(),
});
export const quotaJson = (q: Quota): Static<typeof QuotaSchema> => ({
  account_id: q.account_id,
  organization_id: q.organization_id,
  plan_tier: q.plan_tier,
  limits: q.limits.map((l) => ({
    key: l.key,
    label: l.label,
    unit: l.unit,
    limit: l.limit,
    description: l.description,
    current: l.current,
  })),
  note: q.note,
});

export const BillingStatementsSchema = Resource('BillingStatements', {
  organization_id: Uuid(),
  statements: Type.Array(
    Type.Object(
      {
        id: Type.String(),
        period_start: Type.String(),
        period_end: Type.String(),
        amount: Type.Number(),
        currency: Type.String(),
      },
      { additionalProperties: false },
    ),
    { description: 'empty until billing arrives' },
  ),
});
export const billingStatementsJson = (b: {
  organization_id: string;
  statements: BillingStatement[];
}): Static<typeof BillingStatementsSchema> => ({
  organization_id: b.organization_id,
  statements: b.statements.map((s) => ({
    id: s.id,
    period_start: s.period_start,
    period_end: s.period_end,
    amount: s.amount,
    currency: s.currency,
  })),
});

export const PlansSchema = Resource('Plans', {
  plans: Type.Array(
    Type.Object(
      {
        plan_tier: OneOf(PLAN_TIERS),
        limits: Type.Array(Type.Object(limitLine, { additionalProperties: false })),
      },
      { additionalProperties: false },
    ),
  ),
});
export const plansJson = (p: { plans: Plan[] }): Static<typeof PlansSchema> => ({
  plans: p.plans.map((plan) => ({
    plan_tier: plan.plan_tier,
    limits: plan.limits.map((l) => ({
      key: l.key,
      label: l.label,
      unit: l.unit,
      limit: l.limit,
      description: l.description,
    })),
  })),
});
