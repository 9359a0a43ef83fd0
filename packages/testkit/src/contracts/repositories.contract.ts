/// <reference types="jest" />
import type { UnitOfWork } from '@groundfloor/domain';
import type { ContractSubject, OpenSubject } from './contract-subject';
import { accessCases } from './repositories/access.cases';
import { appsAndWorkloadsCases } from './repositories/apps.cases';
import { batchCases } from './repositories/batch.cases';
import { memberLookupCases } from './repositories/member-lookups.cases';
import { membershipAndAuditCases } from './repositories/memberships.cases';
import { releasesAndDomainsCases } from './repositories/releases.cases';
import { secretsM2mFlagsAuditCases } from './repositories/secrets.cases';
import { signInCases } from './repositories/sign-in.cases';
import { tenancyCases } from './repositories/tenancy.cases';
import { ticketCases } from './repositories/tickets.cases';
import { transactionCases } from './repositories/transactions.cases';
import { userAndAuthCases } from './repositories/users.cases';
import { virtualKeyCases } from './repositories/virtual-keys.cases';

/**
 * What every `UnitOfWork` and its repositories must do, as documented in
 * `repositories.port.ts` and `unit-of-work.port.ts`. The subject is opened
 * once; tests use fresh random ids, so they never see each other's rows
 * (except through `organizations.list()`, which they filter).
 */
export function describeRepositoriesContract(label: string, open: OpenSubject<UnitOfWork>): void {
  describe(`repositories contract: ${label}`, () => {
    let opened: ContractSubject<UnitOfWork> | undefined;
    const uow = (): UnitOfWork => {
      if (!opened) throw new Error('the unit of work did not open');
      return opened.subject;
    };
    beforeAll(async () => {
      opened = await open();
    });
    afterAll(async () => {
      await opened?.close();
    });

    userAndAuthCases(uow);
    tenancyCases(uow);
    membershipAndAuditCases(uow);
    memberLookupCases(uow);
    transactionCases(uow);
    batchCases(uow);
    ticketCases(uow);
    secretsM2mFlagsAuditCases(uow);
    appsAndWorkloadsCases(uow);
    accessCases(uow);
    releasesAndDomainsCases(uow);
    signInCases(uow);
    virtualKeyCases(uow);
  });
}
