export { type Config, ConfigError, loadConfig, parsePlanLimits } from './config';
export { buildContainer } from './container';
export { createLogger } from './logger';
export { type RunningServer, startServer } from './server';
export * from './tokens';
