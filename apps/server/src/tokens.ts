/** Service identifiers owned by the composition root (ports carry their own beside them). */
export const CONFIG = Symbol.for('gf.config');
export const LOGGER = Symbol.for('gf.logger');
export const DATABASE = Symbol.for('gf.database');
export const OPERATOR_TOKEN = Symbol.for('gf.operator-token');
export const OUTBOX_WORKER = Symbol.for('gf.outbox-worker');
export const HTTP_APP = Symbol.for('gf.http-app');
export const REDIS = Symbol.for('gf.redis');
/** `() => Promise<void>`: resolves while every backing service answers (`/readyz`). */
export const READINESS = Symbol.for('gf.readiness');
export const METRICS = Symbol.for('gf.metrics');
/** `(request) => void`: told of every finished request; a no-op unless metrics are on. */
export const OBSERVE_REQUEST = Symbol.for('gf.observe-request');
/** `Instrumentation`: wraps ports the use cases receive (counting wrappers when metrics are on). */
export const INSTRUMENTATION = Symbol.for('gf.instrumentation');
/** `{ draining: boolean }`: set when shutdown begins, so `/readyz` turns the load balancer away. */
export const SHUTDOWN = Symbol.for('gf.shutdown');
/** The threads that hash passwords; stopped when the server closes. */
export const HASHING_THREADS = Symbol.for('gf.hashing-threads');
