import { unauthenticated } from '../../shared/domain-error';
import type { CallerAuthenticator, Principal } from './principal';

/**
 * Asks each kind's authenticator in turn. A token no kind recognises is 401;
 * whether the recognised kind may use a route is the route's decision (403).
 */
export class AuthenticateCaller {
  constructor(private readonly authenticators: readonly CallerAuthenticator[]) {}

  async execute(token: string): Promise<Principal> {
    for (const authenticator of this.authenticators) {
      const principal = await authenticator.authenticate(token);
      if (principal) return principal;
    }
    throw unauthenticated('invalid_token', 'the access token is invalid or expired');
  }
}
