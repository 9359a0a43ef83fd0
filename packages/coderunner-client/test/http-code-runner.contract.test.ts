import { CoderunnerUpstream, describeCodeRunnerContract } from '@groundfloor/testkit';
import { HttpCodeRunner } from '../src';

describeCodeRunnerContract('HTTP, against the loopback code-execution service', async () => {
  const upstream = await CoderunnerUpstream.started();
  return {
    subject: new HttpCodeRunner({ baseUrl: upstream.url, timeoutMs: 5000 }),
    close: () => upstream.close(),
  };
});
