/** @jest-config-loader esbuild-register */
import type { Config } from 'jest';

const swc: [string, Record<string, unknown>] = [
  '@swc/jest',
  {
    jsc: {
      target: 'es2022',
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: true },
    },
    module: { type: 'commonjs' },
  },
];

// One run covers every package. The PostgreSQL halves of the contract and
// HTTP suites switch themselves on when TEST_DATABASE_URL is set.
const config: Config = {
  testEnvironment: 'node',
  roots: ['<rootDir>/packages', '<rootDir>/apps', '<rootDir>/test'],
  testMatch: ['**/test/**/*.test.ts'],
  transform: { '^.+\\.(t|j|mj|cj)s$': swc },
  // Inversify 8 ships ESM only and PGlite loads parts of itself with dynamic
  // import(); Jest runs CommonJS, so both are transformed too.
  transformIgnorePatterns: ['/node_modules/(?!(inversify|@inversifyjs|@electric-sql|@seriousme)/)'],
  moduleNameMapper: {
    '^@groundfloor/server$': '<rootDir>/apps/server/src/index.ts',
    '^@groundfloor/([a-z-]+)$': '<rootDir>/packages/$1/src/index.ts',
  },
  modulePathIgnorePatterns: ['<rootDir>/.*/dist/'],
  maxWorkers: 2,
  // Generous: a suite starts real servers on an embedded database, slow on a busy machine.
  testTimeout: 90000,
};

export default config;
