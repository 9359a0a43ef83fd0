import type { UpstreamResult } from './upstream-result';

/**
 * Who a code-execution request is made for (spec: Authentication, item 6;
 * supplement §13). The adapter sends the three as `Authorization: Bearer`,
 * `x-client-key` and `x-userid` on every request.
 */
export interface CodeRunnerCredentials {
  /** An RS256 JWT of the control plane: `external_tenant_id`, `external_user_id`, `aud: coderunner`. */
  readonly token: string;
  /** The workspace id (the external tenant id). */
  readonly tenantId: string;
  /** The caller's portal user id (the external user id). */
  readonly userId: string;
}

/** The `{success, message, data}` envelope of every code-execution answer. */
export interface CodeRunnerEnvelope {
  readonly success: boolean;
  readonly message: string | null;
  readonly data: unknown;
}

/** Spec, Resources: a definition (`deploymentType` 1–4, `languageType` 1–3). */
export interface DefinitionInput {
  readonly name: string;
  readonly description: string;
  readonly deploymentType: number;
  readonly languageType: number;
}

/** A ZIP of code for a definition, with its `Description`. */
export interface CodeUpload {
  readonly description: string;
  readonly fileName: string;
  readonly content: Uint8Array;
}

/** Deployment configuration as the upstream names it; absent values are not sent. */
export interface DeploymentConfiguration {
  readonly cpu?: string | number;
  readonly memory?: string | number;
  readonly cronExpression?: string;
}

export interface DeploymentInput {
  readonly definitionId: string;
  readonly versionId: string;
  readonly configuration: DeploymentConfiguration;
}

export type CodeRunnerAnswer = UpstreamResult<CodeRunnerEnvelope>;

/**
 * The code-execution service (`CODERUNNER_URL`), one method per step of the
 * spec's Code-execution proxy table. Every method answers the upstream's
 * envelope for a 2xx, or how the call failed; none throws for an upstream
 * problem. Ids are sent as given; the domain checks their form first.
 */
export interface CodeRunner {
  /**
   * Whether this installation names a code-execution service
   * (`CODERUNNER_URL`). When false every method answers `not_configured`;
   * the use cases ask first, so an unconfigured installation answers 503
   * before any refusal about the ids recorded so far (supplement §1).
   */
  readonly configured: boolean;
  /** POST `/api/definitions`. */
  createDefinition(as: CodeRunnerCredentials, definition: DefinitionInput): Promise<CodeRunnerAnswer>;
  /** POST `/api/file/{definitionId}/upload`, multipart: `Description` and `file`. */
  uploadCode(as: CodeRunnerCredentials, definitionId: string, upload: CodeUpload): Promise<CodeRunnerAnswer>;
  /** GET `/api/version/definition?DefinitionId=`. */
  listVersions(as: CodeRunnerCredentials, definitionId: string): Promise<CodeRunnerAnswer>;
  /** GET `/api/version/{versionId}`. */
  getVersion(as: CodeRunnerCredentials, versionId: string): Promise<CodeRunnerAnswer>;
  /** DELETE `/api/version/{versionId}`. */
  deleteVersion(as: CodeRunnerCredentials, versionId: string): Promise<CodeRunnerAnswer>;
  /** POST `/api/deployment/create` with `DefinitionId`, `VersionId`, `Configuration`. */
  createDeployment(as: CodeRunnerCredentials, deployment: DeploymentInput): Promise<CodeRunnerAnswer>;
  /** GET `/api/deployment/{deploymentId}`: its `configuration.externalEndpoint` is the invoke URL. */
  getDeployment(as: CodeRunnerCredentials, deploymentId: string): Promise<CodeRunnerAnswer>;
  /** POST `{payload}` to a deployment's `externalEndpoint` (an absolute URL the upstream gave). */
  invokeEndpoint(as: CodeRunnerCredentials, endpoint: string, payload: object): Promise<CodeRunnerAnswer>;
  /** POST `{payload}` to `/api/execution/run/onetime/{definitionId}`. */
  runOnce(as: CodeRunnerCredentials, definitionId: string, payload: object): Promise<CodeRunnerAnswer>;
}
export const CODE_RUNNER = Symbol.for('gf.code-runner');
