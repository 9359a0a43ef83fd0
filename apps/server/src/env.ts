import dotenv from 'dotenv';

/** Reads `.env` when present; variables already in the environment win. */
export function loadDotEnv(): void {
  dotenv.config({ quiet: true });
}
