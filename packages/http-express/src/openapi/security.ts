import type { Caller } from './operation';

/**
 * One security scheme per caller kind. Workload identity and app end-user
 * tokens are listed already, so the routes that accept them only name them.
 */
export const SECURITY_SCHEMES: Readonly<Record<Caller, { name: string; scheme: Record<string, unknown> }>> = {
  team: {
    name: 'teamBearer',
    scheme: {
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
      description:
        "A team member's access token from `POST /v1/auth/token` (15 minutes; refresh with the refresh token).",
    },
  },
  m2m: {
    name: 'm2mBearer',
    scheme: {
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
      description:
        "An M2M client's token from `POST /v1/workspaces/{workspace_id}/m2m/token`: read-only, within its workspace and scopes.",
    },
  },
  workload: {
    name: 'workloadBearer',
    scheme: {
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
      description: "A workload identity token: a running app's own identity.",
    },
  },
  app_user: {
    name: 'appUserBearer',
    scheme: {
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
      description:
        "An app end user's access token from `POST /v1/public/workspaces/{workspace_id}/token` (5 minutes; audience `app-user`): only flag values and apps read of its workspace.",
    },
  },
  operator: {
    name: 'operatorToken',
    scheme: {
      type: 'http',
      scheme: 'bearer',
      description:
        "The installation's operator token (`OPERATOR_TOKEN`, or the file `DATA_DIR/operator-token`); only `/v1/operator/*`.",
    },
  },
};

/** HTTP Basic client credentials, accepted by the M2M token exchange (RFC 6749 §2.3.1). */
export const CLIENT_BASIC = {
  name: 'm2mClientBasic',
  scheme: {
    type: 'http',
    scheme: 'basic',
    description: 'The M2M client id and secret as HTTP Basic credentials (each form-urlencoded).',
  },
};
