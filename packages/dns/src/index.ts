export { NodeDnsResolver, type NodeDnsResolverOptions } from './node-dns-resolver.adapter';
