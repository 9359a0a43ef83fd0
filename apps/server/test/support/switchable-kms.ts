import { randomBytes } from 'node:crypto';
import { createMasterKeyRing, NodeCryptoKeyManagement } from '@groundfloor/crypto';
import { KEY_MANAGEMENT, type KeyManagement, type SealedValue, unavailable } from '@groundfloor/domain';
import { ContainerModule } from 'inversify';

/** The real envelope adapter, which a test can take offline like an unreachable key store. */
export class SwitchableKeyManagement implements KeyManagement {
  offline = false;
  private readonly inner = new NodeCryptoKeyManagement(createMasterKeyRing(randomBytes(32)));

  get currentKeyId(): string {
    return this.inner.currentKeyId;
  }
  seal(plaintext: Uint8Array, context?: string): Promise<SealedValue> {
    this.check();
    return this.inner.seal(plaintext, context);
  }
  open(sealed: SealedValue, context?: string): Promise<Uint8Array> {
    this.check();
    return this.inner.open(sealed, context);
  }
  rewrap(sealed: SealedValue): Promise<SealedValue> {
    this.check();
    return this.inner.rewrap(sealed);
  }
  private check(): void {
    if (this.offline) throw unavailable('kms_unreachable', 'connect ECONNREFUSED 10.0.0.9:443');
  }
}

export function switchableKms(): { kms: SwitchableKeyManagement; module: ContainerModule } {
  const kms = new SwitchableKeyManagement();
  return {
    kms,
    module: new ContainerModule(({ rebind }) => void rebind(KEY_MANAGEMENT).toConstantValue(kms)),
  };
}
