import type { MasterKeyRing } from '../master-key/master-key-ring';
import { EnvelopeKeyManagement } from './envelope-key-management';
import { forgeAesGcm } from './forge-aes-gcm';

/**
 * The same envelope format on node-forge (pure JavaScript), for on-prem
 * installs whose Node lacks a usable OpenSSL AES-GCM. About 20–40x slower and
 * synchronous on the event loop: prefer NodeCryptoKeyManagement.
 */
export class ForgeKeyManagement extends EnvelopeKeyManagement {
  constructor(ring: MasterKeyRing) {
    super(ring, forgeAesGcm);
  }
}
