export { HttpCodeRunner, type HttpCodeRunnerOptions } from './http-code-runner.adapter';
