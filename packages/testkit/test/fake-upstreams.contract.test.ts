import {
  describeCodeRunnerContract,
  describeModelGatewayContract,
  FakeCodeRunner,
  FakeModelGateway,
} from '@groundfloor/testkit';

describeCodeRunnerContract('in-memory', async () => ({
  subject: new FakeCodeRunner(),
  close: async () => {},
}));

describeModelGatewayContract('in-memory', async () => {
  const gateway = new FakeModelGateway();
  return {
    subject: gateway,
    seedSpend: (workspaceId, rows) => gateway.spend.set(workspaceId, [...rows]),
    hasKey: (alias) => gateway.keys.has(alias),
    close: async () => {},
  };
});
