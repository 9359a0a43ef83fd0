import type { TestServer } from './test-server';
import { OPERATOR_TOKEN } from './test-server';

export const operator = { Authorization: `Bearer ${OPERATOR_TOKEN}` };
export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

let counter = 0;
export const uniqueEmail = (label = 'user') => `${label}-${Date.now()}-${++counter}@example.test`;

/** Operator creates an organization whose owner has a password; returns the owner's tokens too. */
export async function organizationWithOwner(t: TestServer, options: { plan_tier?: string } = {}) {
  const email = uniqueEmail('owner');
  const password = 'owner-password-1';
  const created = await t.http
    .post('/v1/operator/organizations')
    .set(operator)
    .send({ name: 'Acme', owner_email: email, owner_password: password, ...options })
    .expect(201);
  const signIn = await t.http.post('/v1/auth/token').send({ email, password }).expect(200);
  return {
    organizationId: created.body.organization.id as string,
    email,
    password,
    token: signIn.body.access_token as string,
    refreshToken: signIn.body.refresh_token as string,
    created: created.body,
  };
}
