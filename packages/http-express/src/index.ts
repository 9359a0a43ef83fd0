export { type AppOptions, createApp } from './create-app';
export { STATUS_BY_CODE, STATUS_BY_KIND } from './error-map';
