import { Limits, RELEASE_BUNDLES } from '@groundfloor/domain';
import { Allow, IsOptional, IsString } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { Optional } from './optional';

/**
 * `POST …/releases/upload-url`. The DTO checks shape only: what `bundle`,
 * `label` and `size_bytes` may be is the domain's (a missing `size_bytes`
 * is 422 `size_bytes_required`, one over 32 MiB 413 `release_too_large`).
 */
export class CreateReleaseUploadDto {
  @Optional()
  @IsString()
  @JSONSchema({
    enum: [...RELEASE_BUNDLES],
    description: 'how the upload is published; default `remote_entry`',
  })
  bundle?: string;

  @IsOptional()
  @IsString()
  @JSONSchema({
    description: `one line of at most ${Limits.releaseLabelMax} characters; null or empty: none`,
  })
  label?: string | null;

  @Allow()
  @JSONSchema({
    type: 'integer',
    minimum: 1,
    maximum: Limits.releaseUploadBytesMax,
    description: 'the exact length of the content that will be uploaded, in bytes',
  })
  size_bytes?: unknown;
}
