/** Service identifiers owned by the composition root (ports carry their own beside them). */
export const CONFIG = Symbol.for('gf.config');
export const LOGGER = Symbol.for('gf.logger');
export const DATABASE = Symbol.for('gf.database');
export const OPERATOR_TOKEN = Symbol.for('gf.operator-token');
export const OUTBOX_WORKER = Symbol.for('gf.outbox-worker');
export const HTTP_APP = Symbol.for('gf.http-app');
