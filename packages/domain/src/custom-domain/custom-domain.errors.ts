import { conflict, notFound } from '../shared/domain-error';

/*
 * Custom domain errors (spec: Errors, Apps). 400 for an app kind without
 * domains and 410 for an archived app are app.errors.ts's.
 */

/** 404: the app has no such domain. */
export const domainNotFound = () => notFound('domain_not_found', 'the app has no such custom domain');

/** 409: the domain is already added, to this app or any other. */
export const domainTaken = () =>
  conflict('domain_already_added', 'this domain is already added to an app on this platform');

/** 409: the domain is a branded host: a custom sign-in host, or a host of the platform itself. */
export const domainCollidesWithBrandedHost = () =>
  conflict('domain_collides_with_branded_host', 'this domain is a branded host of the platform');
