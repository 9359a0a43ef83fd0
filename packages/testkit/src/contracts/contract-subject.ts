/** What a contract suite opens once (in `beforeAll`) and closes once (in `afterAll`). */
export interface ContractSubject<T> {
  readonly subject: T;
  close(): Promise<void>;
}

/** Opens a fresh subject; the suite calls it once. */
export type OpenSubject<T> = () => Promise<ContractSubject<T>>;
