import { IsString, MaxLength } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { Optional } from './optional';

export class ByHostQueryDto {
  @IsString({ message: 'required' })
  @MaxLength(1000)
  @JSONSchema({ description: 'a verified custom sign-in host' })
  host!: string;
}

/** A workspace by id, or by its verified custom sign-in host. */
export class BrandingQueryDto {
  @Optional() @IsString() @MaxLength(100) @JSONSchema({ format: 'uuid' }) workspace_id?: string;
  @Optional()
  @IsString()
  @MaxLength(1000)
  @JSONSchema({ description: 'instead of workspace_id' })
  host?: string;
}

export class BrandingAssetQueryDto {
  @IsString({ message: 'required' }) @MaxLength(100) @JSONSchema({ format: 'uuid' }) workspace_id!: string;
}
