export * from './envelope/forge-key-management.adapter';
export * from './envelope/node-crypto-key-management.adapter';
export * from './ids/random-uuid-ids.adapter';
export * from './master-key/load-master-key-ring';
export * from './master-key/master-key-ring';
export * from './password/argon2-password-hasher.adapter';
export * from './tokens/jwt-token-signer.adapter';
export * from './tokens/node-secret-tokens.adapter';
export { signingKeyContext } from './tokens/signing-key';
