import type { SealedValue } from '@groundfloor/domain';
import { EntitySchema } from 'typeorm';

/** A row of `signing_keys`; the private key is stored sealed, never in the clear. */
export interface SigningKeyRecord {
  kid: string;
  algorithm: string;
  privateKey: SealedValue;
  /** jsonb; typed loosely because TypeORM cannot type arbitrary JSON in insert values. */
  publicJwk: object;
  createdAt: Date;
  retiredAt: Date | null;
}

export const SigningKeySchema = new EntitySchema<SigningKeyRecord>({
  name: 'SigningKey',
  tableName: 'signing_keys',
  columns: {
    kid: { type: 'text', primary: true },
    algorithm: { type: 'text' },
    privateKey: { type: 'jsonb', name: 'private_key' },
    publicJwk: { type: 'jsonb', name: 'public_jwk' },
    createdAt: { type: 'timestamptz', name: 'created_at' },
    retiredAt: { type: 'timestamptz', name: 'retired_at', nullable: true },
  },
});
