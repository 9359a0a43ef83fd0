import { randomUUID } from 'node:crypto';
import {
  type App,
  type RequestContext,
  UNIT_OF_WORK,
  type UnitOfWork,
  USE_CASES,
  type UseCases,
} from '@groundfloor/domain';
import type { TestServer } from './test-server';

/**
 * Apps for the release and domain suites, made through the real use cases
 * (the app routes are another group's), and the legacy `coderunner` apps
 * no route can create, written through the repositories.
 */
export interface AppSeeder {
  shellApp(slug?: string): Promise<App>;
  /** A `standalone` app with a fresh service workload as its primary workload. */
  standaloneApp(slug?: string): Promise<App>;
  /** A legacy `coderunner` app: accepted by the domain routes, never created by the API. */
  legacyCoderunnerApp(slug?: string): Promise<App>;
  archive(appId: string): Promise<void>;
  restore(appId: string): Promise<void>;
}

const unique = (label: string) => `${label}-${randomUUID().slice(0, 8)}`;

export async function appSeeder(t: TestServer, userId: string, workspaceId: string): Promise<AppSeeder> {
  const useCases = await t.running.container.getAsync<UseCases>(USE_CASES);
  const uow = await t.running.container.getAsync<UnitOfWork>(UNIT_OF_WORK);
  const context: RequestContext = { actor: { kind: 'user', id: userId }, ip: null };
  const create = (slug: string, extra: { appKind?: string; primaryCoderunnerId?: string } = {}) =>
    useCases.apps.create.execute({ userId, workspaceId, name: slug, slug, context, ...extra });
  const workload = () =>
    useCases.workloads.create.execute({ userId, workspaceId, name: unique('api'), kind: 'service', context });

  return {
    shellApp: (slug = unique('shell')) => create(slug),
    standaloneApp: async (slug = unique('site')) =>
      create(slug, { appKind: 'standalone', primaryCoderunnerId: (await workload()).id }),
    legacyCoderunnerApp: async (slug = unique('legacy')) => {
      const template = await create(slug, {
        appKind: 'standalone',
        primaryCoderunnerId: (await workload()).id,
      });
      // The same row as a standalone app, with the kind older apps still carry.
      const legacy: App = { ...template, kind: 'coderunner' };
      await uow.transaction((tx) => tx.apps.save(legacy));
      return legacy;
    },
    archive: (appId) => useCases.apps.archive.execute({ userId, workspaceId, appId, context }),
    restore: async (appId) => {
      await useCases.apps.restore.execute({ userId, workspaceId, appId, context });
    },
  };
}
