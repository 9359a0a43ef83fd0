/** The audience of workload identity tokens: no other kind of token passes for one, nor the reverse. */
export const WORKLOAD_AUDIENCE = 'workload';

export interface WorkloadToken {
  readonly access_token: string;
  readonly token_type: 'Bearer';
  readonly expires_in: number;
}
