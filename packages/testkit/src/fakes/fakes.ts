import type {
  Claims,
  Clock,
  DeliveryResult,
  EmailMessage,
  IdGenerator,
  Jwk,
  Mailer,
  MailTestReport,
  PasswordHasher,
  SecretTokens,
  SignOptions,
  TokenSigner,
  VerifyOptions,
} from '@groundfloor/domain';

export class FakeClock implements Clock {
  constructor(private current = new Date('2026-01-01T00:00:00.000Z')) {}
  now(): Date {
    return new Date(this.current);
  }
  advance(seconds: number): void {
    this.current = new Date(this.current.getTime() + seconds * 1000);
  }
}

/** Deterministic UUID-shaped ids. */
export class SequentialIds implements IdGenerator {
  private n = 0;
  next(): string {
    this.n += 1;
    return `00000000-0000-4000-8000-${this.n.toString(16).padStart(12, '0')}`;
  }
}

/** Not a hash: fast and reversible, for domain tests only. */
export class FakeHasher implements PasswordHasher {
  async hash(password: string) {
    return `fake$${password}`;
  }
  async verify(hash: string, password: string) {
    return hash === `fake$${password}`;
  }
}

/** Unsigned tokens with the same claims and expiry rules as the real signer. */
export class FakeSigner implements TokenSigner {
  constructor(private readonly clock: Clock) {}
  async sign(claims: Claims, o: SignOptions) {
    const now = Math.floor(this.clock.now().getTime() / 1000);
    const body = {
      ...claims,
      sub: o.subject,
      aud: o.audience,
      iat: now,
      exp: now + o.expiresInSeconds,
      jti: o.jwtid,
      ...(o.issuer === undefined ? {} : { iss: o.issuer }),
    };
    return `fake.${Buffer.from(JSON.stringify(body)).toString('base64url')}`;
  }
  async verify(token: string, o: VerifyOptions) {
    if (!token.startsWith('fake.')) return null;
    try {
      const claims = JSON.parse(Buffer.from(token.slice(5), 'base64url').toString()) as Claims;
      if (claims.aud !== o.audience) return null;
      // Tokens signed without an issuer stand for the control plane's; a named issuer must match.
      if (!o.anyIssuer && (claims.iss ?? undefined) !== o.issuer) return null;
      if ((claims.exp as number) <= Math.floor(this.clock.now().getTime() / 1000)) return null;
      return claims;
    } catch {
      return null;
    }
  }
  async jwks() {
    return { keys: [] as Jwk[] };
  }
  async rotate() {
    return true;
  }
}

export class FakeSecretTokens implements SecretTokens {
  private n = 0;
  generate() {
    this.n += 1;
    return `token-${this.n}-${'x'.repeat(32)}`;
  }
  hash(token: string) {
    return `h:${token}`;
  }
  equals(a: string, b: string) {
    return a === b;
  }
}

/** Records every message; answers with `result`. */
export class FakeMailer implements Mailer {
  readonly sent: EmailMessage[] = [];
  result: DeliveryResult = 'sent';
  /** Test messages, apart from `sent`. */
  readonly tested: EmailMessage[] = [];
  testReport: MailTestReport = { result: 'sent', failure: null };
  async send(message: EmailMessage) {
    this.sent.push(message);
    return this.result;
  }
  async test(message: EmailMessage) {
    this.tested.push(message);
    return this.testReport;
  }
  last(): EmailMessage | undefined {
    return this.sent[this.sent.length - 1];
  }
}
