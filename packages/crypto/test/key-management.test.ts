import { randomBytes } from 'node:crypto';
import { createMasterKeyRing, ForgeKeyManagement, NodeCryptoKeyManagement } from '../src';
import { describeKeyManagementContract } from './key-management.contract';

describeKeyManagementContract('NodeCryptoKeyManagement', (ring) => new NodeCryptoKeyManagement(ring));
describeKeyManagementContract('ForgeKeyManagement', (ring) => new ForgeKeyManagement(ring));

describe('node:crypto and node-forge envelopes', () => {
  const ring = createMasterKeyRing(randomBytes(32));
  const node = new NodeCryptoKeyManagement(ring);
  const forge = new ForgeKeyManagement(ring);
  const plaintext = new Uint8Array(randomBytes(1000));

  it.each([
    ['node:crypto', 'node-forge', node, forge],
    ['node-forge', 'node:crypto', forge, node],
  ])('a value sealed by %s opens with %s', async (_from, _to, sealer, opener) => {
    const sealed = await sealer.seal(plaintext, 'secret:ws-1:API_KEY');
    const opened = await opener.open(sealed, 'secret:ws-1:API_KEY');
    expect(Buffer.from(opened).equals(Buffer.from(plaintext))).toBe(true);
  });

  it('a value rewrapped by one adapter opens with the other', async () => {
    const next = createMasterKeyRing(randomBytes(32), [ring.current.key]);
    const moved = await new ForgeKeyManagement(next).rewrap(await node.seal(plaintext));
    const opened = await new NodeCryptoKeyManagement(createMasterKeyRing(next.current.key)).open(moved);
    expect(Buffer.from(opened).equals(Buffer.from(plaintext))).toBe(true);
  });
});
