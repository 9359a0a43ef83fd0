import { APP_KINDS, type AppKind, PRODUCT_APP_KINDS } from './app';
import { appKindFilterInvalid } from './app.errors';

/** The values of the list's `kind` query (spec: Apps, GET /apps). */
export const APP_KIND_FILTERS = ['product', 'shell_federated', 'standalone', 'all', 'coderunner'] as const;
export type AppKindFilter = (typeof APP_KIND_FILTERS)[number];

const KINDS_BY_FILTER: Readonly<Record<AppKindFilter, readonly AppKind[]>> = {
  product: PRODUCT_APP_KINDS,
  shell_federated: ['shell_federated'],
  standalone: ['standalone'],
  all: APP_KINDS,
  coderunner: ['coderunner'],
};

/** The kinds a `kind` filter selects; absent means `product`; anything else is 422. */
export function kindsForFilter(filter: string | undefined): readonly AppKind[] {
  const name = filter ?? 'product';
  if (!(APP_KIND_FILTERS as readonly string[]).includes(name)) throw appKindFilterInvalid(name);
  return KINDS_BY_FILTER[name as AppKindFilter];
}
