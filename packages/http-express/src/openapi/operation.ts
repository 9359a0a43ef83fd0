import type { CallerKind } from '@groundfloor/domain';
import type { TSchema } from '@sinclair/typebox';
import type { RequestHandler } from 'express';
import type { ProblemCode } from './problem-codes';

/** Who may call an operation: a caller kind of the domain, or the installation's operator. */
export type Caller = CallerKind | 'operator';

// biome-ignore lint/suspicious/noExplicitAny: a DTO class of any shape
export type Dto = new () => any;

/** What one status answers: a JSON schema, or a fuller description. */
export type ResponseSpec =
  | TSchema
  | {
      readonly description?: string;
      /** Absent: the answer has no body (204, 304). */
      readonly schema?: TSchema;
      readonly contentType?: string;
      /** Response headers the client can rely on, by name. */
      readonly headers?: Readonly<Record<string, { readonly description: string; readonly schema: TSchema }>>;
    };

/** A request body: a class-validator DTO sent as JSON, DTOs by media type, or raw bytes. */
export type BodySpec =
  | Dto
  | {
      /** Media type → the DTO of a body sent in it. */
      readonly content: Readonly<Record<string, Dto>>;
      /** Default true. */
      readonly required?: boolean;
    }
  | {
      /**
       * Raw bytes, streamed as they arrive and never parsed (a release
       * upload): the media types a client may send them as.
       */
      readonly bytes: readonly string[];
      readonly description: string;
    }
  | {
      /**
       * A body no DTO describes: a free JSON object (a workload run's event)
       * or a multipart form (a code upload), as a TypeBox schema. The route
       * reads and checks it itself.
       */
      readonly schema: TSchema;
      readonly contentType: 'application/json' | 'multipart/form-data';
      readonly description: string;
    };

/**
 * One method on one path, described where it is registered: the document
 * is generated from these, so a route cannot be served without one.
 */
export interface Operation {
  /** Unique, camelCase: the typed client names the operation by it. */
  readonly id: string;
  readonly summary: string;
  readonly description?: string;
  /** Default: the tag of the router (`apiRouter`). */
  readonly tags?: readonly string[];
  /**
   * The caller kinds the route accepts (empty: public). Checked against the
   * authentication middleware in `handlers` (or the router's guard) when the
   * route is registered, so the document cannot claim what the code does not do.
   */
  readonly callers: readonly Caller[];
  /** The M2M token exchange also takes the client's credentials as HTTP Basic. */
  readonly clientCredentials?: boolean;
  readonly query?: Dto;
  readonly body?: BodySpec;
  /** Success answers by status. */
  readonly responses: Readonly<Record<number, ResponseSpec | null>>;
  /**
   * Problem codes this operation can answer beyond the ones every route of
   * its kind shares (authentication, body parsing, path ids): those are added
   * from `callers`, `body`, `query` and the path.
   */
  readonly errors?: readonly ProblemCode[];
  readonly handlers: readonly RequestHandler[];
}
