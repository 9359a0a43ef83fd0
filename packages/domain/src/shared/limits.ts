/** Limits named by the spec and the supplement. DTOs and the domain both read these. */
export const Limits = {
  passwordMin: 8,
  passwordMax: 128,
  nameMax: 200,
  membersListed: 200,
  accessTokenSeconds: 15 * 60,
  refreshTokenSeconds: 30 * 24 * 3600,
  passwordLinkSeconds: 72 * 3600,
  signInFailures: { limit: 10, windowSeconds: 10 * 60 },
  mailWaitMs: 5000,
} as const;
