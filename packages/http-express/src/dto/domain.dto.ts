import { Limits } from '@groundfloor/domain';
import { Allow, IsString, MaxLength } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';

/** `POST …/coderunner/domains`: what makes a hostname valid is the domain's (422 `invalid_domain`). */
export class AddDomainDto {
  // Generous: trimming and IDN mapping happen before the 253-character rule.
  @IsString()
  @MaxLength(4 * Limits.domainMax)
  @JSONSchema({
    description: 'a bare hostname such as `shop.example.com`; Unicode names are stored as punycode',
  })
  domain!: string;
}

/** `PUT …/coderunner/public`: a value that is not a boolean is the domain's 422 `invalid_public`. */
export class PutAppPublicDto {
  @Allow()
  @JSONSchema({
    type: 'boolean',
    description: 'whether the app endpoint takes callers without a platform token',
  })
  public?: unknown;
}
