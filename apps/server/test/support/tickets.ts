import { randomUUID } from 'node:crypto';
import {
  RATE_LIMITER,
  type RateLimit,
  type RateLimiter,
  type Role,
  type Ticket,
  type TicketStatus,
  UNIT_OF_WORK,
  type UnitOfWork,
} from '@groundfloor/domain';
import { organizationWithOwner } from './api';
import { grantRole, userIdOf } from './seed';
import type { TestServer } from './test-server';

let address = 0;
/** A client address of its own (the suites run with TRUST_PROXY), so the per-address limit stays per test. */
export const freshAddress = (): string => {
  address += 1;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
};

/** Headers of a team member calling from one client address. */
export const as = (token: string, ip = freshAddress()) => ({
  Authorization: `Bearer ${token}`,
  'X-Forwarded-For': ip,
});

export interface Person {
  readonly userId: string;
  readonly email: string;
  readonly token: string;
  readonly headers: Record<string, string>;
}

/** An organization with its owner, both ready to call the API. */
export async function supportOrganization(t: TestServer) {
  const owner = await organizationWithOwner(t);
  const person: Person = {
    userId: await userIdOf(t, owner.email),
    email: owner.email,
    token: owner.token,
    headers: as(owner.token),
  };
  return { organizationId: owner.organizationId, owner: person };
}

/** A signed-in person holding `role` on the organization (or on a workspace). */
export async function personWith(
  t: TestServer,
  scope: { type: 'account' | 'workspace'; id: string },
  role: Role,
  status: 'accepted' | 'pending' = 'accepted',
): Promise<Person> {
  const other = await organizationWithOwner(t);
  const userId = await userIdOf(t, other.email);
  await grantRole(t, userId, scope, role, status);
  return { userId, email: other.email, token: other.token, headers: as(other.token) };
}

export const ticketBody = (over: Record<string, unknown> = {}) => ({
  subject: 'The deploy button does nothing',
  category: 'technical',
  description: 'Since this morning, clicking deploy does nothing.',
  ...over,
});

export const ticketsPath = (organizationId: string) => `/v1/organizations/${organizationId}/support/tickets`;

export async function uow(t: TestServer): Promise<UnitOfWork> {
  return t.running.container.getAsync<UnitOfWork>(UNIT_OF_WORK);
}

/** Writes `count` tickets straight through the repositories (past the hourly limits a test cannot wait out). */
export async function seedTickets(
  t: TestServer,
  organizationId: string,
  requesterUserId: string,
  count: number,
  over: Partial<Ticket> = {},
): Promise<Ticket[]> {
  const work = await uow(t);
  return work.transaction(async (tx) => {
    const tickets: Ticket[] = [];
    for (let i = 0; i < count; i++) {
      const now = new Date();
      const ticket: Ticket = {
        id: randomUUID(),
        number: await tx.tickets.nextNumber(),
        organizationId,
        workspaceId: null,
        subject: 'seeded',
        subjectRedacted: false,
        category: 'technical',
        priority: 'normal',
        status: 'open' as TicketStatus,
        requesterUserId,
        requesterName: 'Seeded',
        context: {},
        createdAt: now,
        updatedAt: now,
        resolvedAt: null,
        closedAt: null,
        lastCustomerActivityAt: now,
        lastOperatorActivityAt: null,
        operatorRepliedAt: null,
        ...over,
      };
      await tx.tickets.save(ticket);
      tickets.push(ticket);
    }
    return tickets;
  });
}

/** Records hits on a limit, as earlier requests (from any process) would have. */
export async function spendLimit(t: TestServer, limit: RateLimit, hits: number): Promise<void> {
  const limiter = await t.running.container.getAsync<RateLimiter>(RATE_LIMITER);
  for (let i = 0; i < hits; i++) await limiter.hit(limit);
}
