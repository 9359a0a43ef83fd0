/*
 * Texts the secret detector must flag, and texts it must let pass. Shared by
 * the detector's table test and the test that its patterns agree with the
 * backtracking meter.
 */

export const SECRET_POSITIVES: readonly string[] = [
  'my key is AKIAIOSFODNN7EXAMPLE',
  'token ghp_1234567890abcdefghijABCDEFGHIJ123456',
  'github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyzABCDEF',
  'slack xoxb-1234567890-abcdefghijkl',
  'sk_live_4eC39HqLyjWDarjtT1zdp7dc',
  'rk_live_51H8abcdEFGHijklMNOP',
  'OPENAI_API_KEY=sk-proj-abcdefghijklmnopqrstuvwxyz123456',
  'AIzaSyD-9tSrke72PouQMnMX-a7eZSW0jkFMBWY',
  '-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA\n-----END RSA PRIVATE KEY-----',
  '-----BEGIN OPENSSH PRIVATE KEY-----',
  'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
  'password=hunter2!',
  'DB secret: Xk29fLq8',
  'curl -H "x" ?token=a1b2c3d4e5',
  'the value is 9fQ2xZ7LmP4vR8tW1yB6nK3sD5gH0jCq',
  'my password is Summer2024!',
  'secret=supersecretvalue',
  '{"api_key": "abcd1234efgh5678"}',
  'here is my api key: 3f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c',
  'token 3f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a',
  'Authorization: Bearer abcdef0123456789abcdef0123456789',
  'connect with postgres://app:s3cr3t@db.internal:5432/app',
  'mongodb+srv://admin:pa55word@cluster0.example.net/?retryWrites=true',
  'see:.https://deploy:gl-tok3n@git.example.com/group/repo.git',
  'Bearer: eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
];
export const SECRET_NEGATIVES: readonly string[] = [
  'I cannot sign in since this morning; the page says "invalid credentials".',
  'workspace 3f2b8c1e-9a4d-4e6b-8c2f-1a2b3c4d5e6f is frozen',
  '3F2B8C1E-9A4D-4E6B-8C2F-1A2B3C4D5E6F',
  'see https://docs.example.com/guides/getting-started/install-the-cli?version=2',
  'broken since commit 1a2b3c4 (and a1b2c3d4e5f6)',
  'full sha 0123456789abcdef0123456789abcdef01234567',
  'I forgot my password: please reset it',
  'password: ********',
  'token=<redacted>',
  'AbstractSingletonProxyFactoryBeanImplementation',
  'the password is expired',
  'my password is not working',
  'the access token expired yesterday',
  'password reset link never arrived',
  'which secret key should the app use?',
  'https://someone@example.com/path has no password',
  'see http://localhost:8080/health',
];
