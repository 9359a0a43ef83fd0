import { Allow } from 'class-validator';

/** `{value: <any JSON>}`; whether it is present is the domain's check (null is a value). */
export class PutFlagDto {
  @Allow() value?: unknown;
}
