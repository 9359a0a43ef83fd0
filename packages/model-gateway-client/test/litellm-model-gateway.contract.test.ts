import { describeModelGatewayContract, ModelGatewayUpstream } from '@groundfloor/testkit';
import { LiteLlmModelGateway } from '../src';

describeModelGatewayContract('LiteLLM admin API, against the loopback gateway', async () => {
  const upstream = await ModelGatewayUpstream.started('sk-contract-master');
  return {
    subject: new LiteLlmModelGateway({
      baseUrl: upstream.url,
      masterKey: 'sk-contract-master',
      timeoutMs: 5000,
    }),
    seedSpend: (workspaceId, rows) =>
      upstream.spend.push(
        ...rows.map((row) => ({
          user: workspaceId,
          startTime: row.startTime,
          model: row.model,
          total_tokens: row.totalTokens,
          spend: row.spend,
        })),
      ),
    hasKey: (alias) => upstream.keys.has(alias),
    close: () => upstream.close(),
  };
});
