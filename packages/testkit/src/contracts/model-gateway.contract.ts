/// <reference types="jest" />
import type { ModelGateway, SpendLogRow } from '@groundfloor/domain';
import type { ContractSubject } from './contract-subject';

export interface ModelGatewaySubject extends ContractSubject<ModelGateway> {
  /** Puts spend rows of a workspace where the gateway reports them. */
  seedSpend(workspaceId: string, rows: readonly SpendLogRow[]): void;
  /** Whether the gateway holds a live key under the alias. */
  hasKey(alias: string): boolean;
}

/**
 * What every `ModelGateway` must do (model-gateway.port.ts, supplement §14):
 * keys by alias, deletion that counts a missing alias as done, a
 * workspace's spend rows, the catalogue. The fake answers from memory; the
 * adapter talks to the loopback LiteLLM-compatible gateway.
 */
export function describeModelGatewayContract(label: string, open: () => Promise<ModelGatewaySubject>): void {
  describe(`model gateway contract: ${label}`, () => {
    let opened: ModelGatewaySubject | undefined;
    const subject = (): ModelGatewaySubject => {
      if (!opened) throw new Error('the gateway did not open');
      return opened;
    };
    beforeAll(async () => {
      opened = await open();
    });
    afterAll(async () => {
      await opened?.close();
    });

    it('generates a key under an alias and deletes it; deleting again is done too', async () => {
      const gateway = subject().subject;
      const minted = await gateway.generateKey({ alias: 'contract-ws:1', workspaceId: 'contract-ws' });
      expect(minted).toEqual({ ok: true, value: expect.any(String) });
      expect(subject().hasKey('contract-ws:1')).toBe(true);
      expect(await gateway.deleteKeys(['contract-ws:1'])).toEqual({ ok: true, value: undefined });
      expect(subject().hasKey('contract-ws:1')).toBe(false);
      expect(await gateway.deleteKeys(['contract-ws:1'])).toEqual({ ok: true, value: undefined });
    });

    it("reports a workspace's spend rows, and only its own", async () => {
      const row: SpendLogRow = {
        startTime: '2026-11-20T10:00:00.000Z',
        model: 'm',
        totalTokens: 7,
        spend: 0.5,
      };
      subject().seedSpend('spend-ws', [row]);
      subject().seedSpend('other-ws', [{ ...row, model: 'other' }]);
      const logs = await subject().subject.spendLogs({
        workspaceId: 'spend-ws',
        start: new Date('2026-11-19T10:00:00Z'),
        end: new Date('2026-11-21T10:00:00Z'),
      });
      expect(logs).toEqual({ ok: true, value: [row] });
    });

    it('lists the catalogue as model ids', async () => {
      const models = await subject().subject.listModels();
      expect(models).toEqual({ ok: true, value: expect.arrayContaining([expect.any(String)]) });
    });
  });
}
