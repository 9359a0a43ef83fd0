/** A set-password link for a team member. Only a hash of its token is kept. */
export interface PasswordLink {
  readonly id: string;
  readonly userId: string;
  readonly tokenHash: string;
  readonly createdAt: Date;
  readonly expiresAt: Date;
  usedAt: Date | null;
  cancelledAt: Date | null;
}

export function isUsable(link: PasswordLink, now: Date): boolean {
  return link.usedAt === null && link.cancelledAt === null && link.expiresAt > now;
}
