/**
 * Links an app user redeems through `/v1/public/invite-links/*`
 * (supplement §15): the emailed invitation link (72 hours), the one-time
 * invite link an admin hands over (24 hours), and the emailed password reset
 * link (72 hours). Only a hash of each token is kept.
 */
export type AppUserLinkKind = 'invitation' | 'one_time' | 'reset';

export interface AppUserLink {
  readonly id: string;
  readonly workspaceId: string;
  readonly userId: string;
  readonly kind: AppUserLinkKind;
  readonly tokenHash: string;
  /** The app the sign-in address opens after redeeming, if one was named. */
  readonly appId: string | null;
  readonly createdAt: Date;
  readonly expiresAt: Date;
  usedAt: Date | null;
  cancelledAt: Date | null;
}
