import type supertest from 'supertest';
import type { ResponseValidator } from './response-validator';

type Agent = ReturnType<typeof supertest>;
type Test = ReturnType<Agent['get']>;

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options']);

/**
 * The supertest agent of the HTTP suites, with one more assertion on every
 * request: its response must be one the API document describes. It runs
 * after the test's own assertions (a wrong status reads as such first) and
 * fails the test that sent the request.
 */
export function validatingAgent(agent: Agent, validator: ResponseValidator): Agent {
  return new Proxy(agent, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof property !== 'string' || !METHODS.has(property) || typeof value !== 'function') return value;
      return (...args: unknown[]) => withCheck(value.apply(target, args) as Test, validator);
    },
  });
}

function withCheck(test: Test, validator: ResponseValidator): Test {
  const end = test.end.bind(test);
  test.end = (fn) => {
    test.expect((res) => {
      const problems = validator.problems(test.method, test.url, res);
      if (problems.length > 0) {
        throw new Error(`the response differs from docs/openapi.json:\n${problems.join('\n')}`);
      }
    });
    return end(fn);
  };
  return test;
}
