import type { CodeRunnerEnvelope } from '@groundfloor/domain';
import { type Static, Type } from '@sinclair/typebox';
import { Nullable, Resource } from '../openapi/schema';

/** Spec, Code-execution proxy: every step answers the upstream's envelope as it gave it. */
export const CoderunnerEnvelopeSchema = Resource(
  'CoderunnerEnvelope',
  {
    success: Type.Boolean(),
    message: Nullable(Type.String()),
    data: Type.Unknown({ description: "the code-execution service's `data`, as it answered" }),
  },
  'The answer of the code-execution service: `{success, message, data}`',
);

export const envelopeJson = (envelope: CodeRunnerEnvelope): Static<typeof CoderunnerEnvelopeSchema> => ({
  success: envelope.success,
  message: envelope.message,
  data: envelope.data,
});
