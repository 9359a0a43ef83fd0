export { chunksOf, describeBlobStoreContract, readAll } from './contracts/blob-store.contract';
export {
  type ArchiveEntry,
  type BundleExtractorSubject,
  describeBundleExtractorContract,
} from './contracts/bundle-extractor.contract';
export { describeCodeRunnerContract } from './contracts/code-runner.contract';
export type { ContractSubject, OpenSubject } from './contracts/contract-subject';
export { CONTRACT_ZONE, describeDnsResolverContract } from './contracts/dns-resolver.contract';
export { expectDuplicate } from './contracts/expect-duplicate';
export { describeMailOutboxContract } from './contracts/mail-outbox.contract';
export { describeModelGatewayContract, type ModelGatewaySubject } from './contracts/model-gateway.contract';
export { describeRateLimiterContract } from './contracts/rate-limiter.contract';
export { describeRepositoriesContract } from './contracts/repositories.contract';
export { describeSigningKeyStoreContract } from './contracts/signing-key-store.contract';
export * from './fakes/fake-app-user-credentials';
export * from './fakes/fake-bundle-extractor';
export * from './fakes/fake-code-runner';
export * from './fakes/fake-deps';
export * from './fakes/fake-key-management';
export * from './fakes/fake-model-gateway';
export * from './fakes/fakes';
export * from './fakes/in-memory-app.repository';
export * from './fakes/in-memory-app-releases';
export * from './fakes/in-memory-app-role.repository';
export * from './fakes/in-memory-app-user.repository';
export * from './fakes/in-memory-app-user-link.repository';
export * from './fakes/in-memory-app-user-session.repository';
export * from './fakes/in-memory-blob-store';
export * from './fakes/in-memory-collection.repository';
export * from './fakes/in-memory-custom-domain.repository';
export * from './fakes/in-memory-dns-resolver';
export * from './fakes/in-memory-rate-limiter';
export * from './fakes/in-memory-release.repository';
export * from './fakes/in-memory-repositories';
export * from './fakes/in-memory-secrets';
export * from './fakes/in-memory-sign-in-config.repository';
export * from './fakes/in-memory-site-grant.repository';
export * from './fakes/in-memory-sso-connection.repository';
export * from './fakes/in-memory-stores';
export * from './fakes/in-memory-tenant.repository';
export * from './fakes/in-memory-unit-of-work';
export * from './fakes/in-memory-virtual-key.repository';
export * from './fakes/in-memory-workload.repository';
export * from './upstreams/coderunner-upstream';
export * from './upstreams/loopback-upstream';
export * from './upstreams/model-gateway-upstream';
