import type { Deps } from '../deps';

export interface RewrapCount {
  readonly rewrapped: number;
  readonly unchanged: number;
}

/**
 * Master-key rotation of workspace sign-in's sealed values: custom mail
 * passwords and SSO client secrets. As `RewrapSecrets`: data keys are
 * re-wrapped under the current master key in batches (one transaction
 * each, each row locked and read again, so a concurrent change is not
 * undone); ciphertexts are untouched.
 */
export class RewrapSignInSecrets {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'kms'>) {}

  async execute(
    input: { batchSize?: number } = {},
  ): Promise<{ mailPasswords: RewrapCount; ssoClientSecrets: RewrapCount }> {
    const batchSize = input.batchSize ?? 200;
    const { kms } = this.deps;
    const mail = { rewrapped: 0, unchanged: 0 };
    let afterWorkspaceId: string | null = null;
    for (;;) {
      const batch = await this.deps.uow.transaction(async (tx) => {
        const configs = await tx.signInConfigs.listWithMailPassword(afterWorkspaceId, batchSize);
        for (const seen of configs) {
          const config = await tx.signInConfigs.findForUpdate(seen.workspaceId);
          if (config?.mail.mode !== 'custom' || config.mail.password === null) continue;
          if (config.mail.password.keyId === kms.currentKeyId) {
            mail.unchanged++;
            continue;
          }
          config.mail = { ...config.mail, password: await kms.rewrap(config.mail.password) };
          await tx.signInConfigs.save(config);
          mail.rewrapped++;
        }
        return configs;
      });
      const last = batch[batch.length - 1];
      if (!last || batch.length < batchSize) break;
      afterWorkspaceId = last.workspaceId;
    }

    const sso = { rewrapped: 0, unchanged: 0 };
    let afterId: string | null = null;
    for (;;) {
      const batch = await this.deps.uow.transaction(async (tx) => {
        const connections = await tx.ssoConnections.listWithClientSecret(afterId, batchSize);
        for (const seen of connections) {
          const connection = await tx.ssoConnections.findByIdForUpdate(seen.workspaceId, seen.id);
          if (!connection?.clientSecret) continue;
          if (connection.clientSecret.keyId === kms.currentKeyId) {
            sso.unchanged++;
            continue;
          }
          await tx.ssoConnections.save({
            ...connection,
            clientSecret: await kms.rewrap(connection.clientSecret),
          });
          sso.rewrapped++;
        }
        return connections;
      });
      const last = batch[batch.length - 1];
      if (!last || batch.length < batchSize) break;
      afterId = last.id;
    }
    return { mailPasswords: mail, ssoClientSecrets: sso };
  }
}
