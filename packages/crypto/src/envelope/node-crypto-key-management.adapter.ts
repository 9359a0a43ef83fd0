import type { MasterKeyRing } from '../master-key/master-key-ring';
import { EnvelopeKeyManagement } from './envelope-key-management';
import { nodeAesGcm } from './node-aes-gcm';

/**
 * The default KeyManagement: envelope encryption on node:crypto (OpenSSL).
 * See docs/adr/0002-envelope-encryption-on-node-crypto.md.
 */
export class NodeCryptoKeyManagement extends EnvelopeKeyManagement {
  constructor(ring: MasterKeyRing) {
    super(ring, nodeAesGcm);
  }
}
