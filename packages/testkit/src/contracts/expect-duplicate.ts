/// <reference types="jest" />
import { DomainError } from '@groundfloor/domain';

/** Unique-constraint violations surface as one DomainError: kind `conflict`, code `duplicate`. */
export async function expectDuplicate(write: Promise<unknown>): Promise<void> {
  const error = await write.then(
    () => null,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(DomainError);
  expect(error).toMatchObject({ kind: 'conflict', code: 'duplicate' });
}
