import { teamCallerRequired } from '../../site-access/site-access.errors';
import type { Principal } from '../auth/principal';
import type { TeamPrincipal } from '../auth/team-principal';

/** Spec, Access, PUT rule 8 (and app access, collection ACLs): team members only, 403 for every other kind. */
export function requireTeamCaller(caller: Principal): TeamPrincipal {
  if (caller.kind !== 'team') throw teamCallerRequired();
  return caller;
}
