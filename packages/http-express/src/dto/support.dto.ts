import {
  TICKET_CATEGORIES,
  TICKET_PRIORITIES,
  type TicketCategory,
  type TicketPriority,
} from '@groundfloor/domain';
import { IsBoolean, IsIn, IsObject, IsOptional, IsString } from 'class-validator';
import { Optional } from './optional';

/*
 * Shapes only: lengths, one-line rules, context keys and workspace ownership
 * are the domain's (packages/domain/src/ticket/ticket-input.ts).
 */

export class CreateTicketDto {
  @IsString() subject!: string;
  @IsIn(TICKET_CATEGORIES) category!: TicketCategory;
  @Optional() @IsIn(TICKET_PRIORITIES) priority?: TicketPriority;
  /** `null` means no workspace, as responses show it (docs/decisions.md, Support). */
  @IsOptional() @IsString() workspace_id?: string | null;
  @IsString() description!: string;
  @Optional() @IsObject() context?: Record<string, unknown>;
}

export class TicketReplyDto {
  @IsString() body!: string;
}

export class TicketPriorityDto {
  @IsIn(TICKET_PRIORITIES) priority!: TicketPriority;
}

/** `{message_id}` or `{subject: true}`; exactly one is checked by the domain. */
export class TicketRedactionDto {
  @Optional() @IsString() message_id?: string;
  @Optional() @IsBoolean() subject?: boolean;
}
