import type { RequestContext } from '../../audit/record';
import {
  codeNotZip,
  coderunnerNoDefinition,
  invalidCoderunnerField,
} from '../../coderunner/coderunner.errors';
import { declined, requireEnvelope } from '../../coderunner/coderunner-answer';
import { coderunnerIdsOf } from '../../coderunner/coderunner-manifest';
import { idFromAnswer } from '../../coderunner/upstream-id';
import type { CodeRunnerEnvelope } from '../../ports/code-runner.port';
import { Limits } from '../../shared/limits';
import type { Deps } from '../deps';
import { authorizeProxy, type ProxyTarget } from './proxy-access';
import { recordCoderunnerStep } from './record-coderunner-ids';

export interface UploadCodeInput extends ProxyTarget {
  readonly description: string;
  readonly fileName: string;
  readonly content: Uint8Array;
  readonly context: RequestContext;
}

/** A ZIP starts with a local file header, or (empty) with the end of central directory. */
const isZip = (bytes: Uint8Array) =>
  bytes.length >= 4 &&
  bytes[0] === 0x50 &&
  bytes[1] === 0x4b &&
  ((bytes[2] === 0x03 && bytes[3] === 0x04) || (bytes[2] === 0x05 && bytes[3] === 0x06));

/**
 * POST `…/coderunner/upload` (write), multipart `Description` and `file` (a
 * ZIP) → upstream POST `/api/file/{definition_id}/upload`. `data.versionId`
 * becomes `manifest.coderunner.version_id`; the version is then processed
 * upstream: poll it until Completed (3) before deploying.
 */
export class UploadCode {
  constructor(private readonly deps: Pick<Deps, 'uow' | 'clock' | 'ids' | 'signer' | 'codeRunner'>) {}

  async execute(input: UploadCodeInput): Promise<CodeRunnerEnvelope> {
    if ([...input.description].length > Limits.coderunnerDescriptionMax)
      throw invalidCoderunnerField(
        'invalid_description',
        'Description',
        `must be at most ${Limits.coderunnerDescriptionMax} characters`,
      );
    if (!isZip(input.content)) throw codeNotZip();
    const { organization, workspace, app, as } = await authorizeProxy(this.deps, input, 'change');
    const definitionId = coderunnerIdsOf(app.manifest).definition_id;
    if (!definitionId) throw coderunnerNoDefinition();
    const envelope = requireEnvelope(
      await this.deps.codeRunner.uploadCode(as, definitionId, {
        description: input.description,
        fileName: input.fileName,
        content: input.content,
      }),
    );
    if (declined(envelope)) return envelope;
    const versionId = idFromAnswer(envelope.data, ['versionId', 'id']);
    await recordCoderunnerStep(this.deps, {
      organizationId: organization.id,
      workspaceId: workspace.id,
      target: { type: 'app', id: app.id },
      action: 'coderunner.code_uploaded',
      learned: { version_id: versionId },
      details: {
        app_id: app.id,
        definition_id: definitionId,
        version_id: versionId,
        size_bytes: input.content.length,
      },
      context: input.context,
    });
    return envelope;
  }
}
