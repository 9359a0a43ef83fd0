import type { Deps } from '../deps';

/**
 * Master-key rotation: re-wraps every secret's data key under the current
 * master key, one transaction per batch. The ciphertext is untouched, so a
 * server still holding only the old key as a previous key keeps opening
 * every value during and after the run.
 */
export class RewrapSecrets {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'kms'>) {}

  async execute(
    input: {
      batchSize?: number;
      /** Called after each batch with the secrets seen so far and how many there are in all. */
      onProgress?: (progress: { done: number; total: number }) => void;
    } = {},
  ): Promise<{ rewrapped: number; unchanged: number }> {
    const batchSize = input.batchSize ?? 200;
    const total = input.onProgress ? await this.deps.uow.read.secrets.countAll() : 0;
    let afterId: string | null = null;
    let rewrapped = 0;
    let unchanged = 0;
    for (;;) {
      const batch = await this.deps.uow.transaction(async (tx) => {
        const secrets = await tx.secrets.listBatch(afterId, batchSize);
        for (const secret of secrets) {
          if (secret.sealed.keyId === this.deps.kms.currentKeyId) {
            unchanged++;
            continue;
          }
          await tx.secrets.replaceSealed(secret.id, await this.deps.kms.rewrap(secret.sealed));
          rewrapped++;
        }
        return secrets;
      });
      input.onProgress?.({ done: rewrapped + unchanged, total: Math.max(total, rewrapped + unchanged) });
      const last = batch[batch.length - 1];
      if (!last || batch.length < batchSize) break;
      afterId = last.id;
    }
    return { rewrapped, unchanged };
  }
}
