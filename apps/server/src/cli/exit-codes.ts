/** How the `groundfloor` command ends; scripts can tell a typo from a refusal from a broken setup. */
export const ExitCode = {
  ok: 0,
  /** The action was refused or failed (not found, invalid value, database error). */
  failed: 1,
  /** The command line itself is wrong: unknown command or option, missing argument. */
  usage: 2,
  /** The configuration (environment, `.env`) is invalid; nothing was done. */
  configuration: 3,
} as const;
