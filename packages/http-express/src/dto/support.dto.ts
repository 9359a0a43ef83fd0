import {
  Limits,
  TICKET_CATEGORIES,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  type TicketCategory,
  type TicketPriority,
  type TicketStatus,
} from '@groundfloor/domain';
import {
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  Min,
} from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { Optional } from './optional';
import { QueryInteger, QueryList } from './query';
import { AnyText } from './storable-text';

/*
 * Shapes only: lengths, one-line rules, context keys and workspace ownership
 * are the domain's (packages/domain/src/ticket/ticket-input.ts).
 */

/*
 * Ticket text may hold any character: the domain removes control characters
 * and unpaired surrogates before saving (spec, Support), so it is not
 * refused for holding them (`AnyText`).
 */
export class CreateTicketDto {
  @AnyText() @IsString() subject!: string;
  @IsIn(TICKET_CATEGORIES) category!: TicketCategory;
  @Optional() @IsIn(TICKET_PRIORITIES) priority?: TicketPriority;
  /** `null` means no workspace, as responses show it (docs/decisions.md, Support). */
  @IsOptional() @IsString() workspace_id?: string | null;
  @AnyText() @IsString() description!: string;
  @Optional() @AnyText() @IsObject() context?: Record<string, unknown>;
}

export class TicketReplyDto {
  @AnyText() @IsString() body!: string;
}

export class TicketPriorityDto {
  @IsIn(TICKET_PRIORITIES) priority!: TicketPriority;
}

/** `{message_id}` or `{subject: true}`; exactly one is checked by the domain. */
export class TicketRedactionDto {
  @Optional() @IsString() message_id?: string;
  @Optional() @IsBoolean() subject?: boolean;
}

const WHOLE = (min: number, max: number) => ({ message: `must be a whole number from ${min} to ${max}` });
const { limitMax, offsetMax, limitDefault } = Limits.ticketList;

/** A ticket list's query (spec: Support, list parameters). Unknown parameters are refused. */
export class TicketListQueryDto {
  @Optional()
  @QueryList()
  @IsArray()
  @IsIn(TICKET_STATUSES, { each: true, message: `must be one of ${TICKET_STATUSES.join(', ')}` })
  @JSONSchema({ description: 'only tickets in these statuses (repeat it, or separate with commas)' })
  status?: TicketStatus[];

  @Optional()
  @QueryList()
  @IsArray()
  @IsIn(TICKET_CATEGORIES, { each: true, message: `must be one of ${TICKET_CATEGORIES.join(', ')}` })
  @JSONSchema({ description: 'only tickets in these categories (repeat it, or separate with commas)' })
  category?: TicketCategory[];

  @Optional()
  @QueryInteger()
  @IsInt(WHOLE(1, limitMax))
  @Min(1, WHOLE(1, limitMax))
  @Max(limitMax, WHOLE(1, limitMax))
  @JSONSchema({ description: `tickets per page (default ${limitDefault})` })
  limit?: number;

  @Optional()
  @QueryInteger()
  @IsInt(WHOLE(0, offsetMax))
  @Min(0, WHOLE(0, offsetMax))
  @Max(offsetMax, WHOLE(0, offsetMax))
  @JSONSchema({ description: 'tickets to skip (default 0)' })
  offset?: number;
}

/** The operator's queue also filters by organization. */
export class OperatorTicketListQueryDto extends TicketListQueryDto {
  @Optional()
  @IsUUID('all', { message: 'must be an organization id (a UUID)' })
  organization_id?: string;
}
