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
  transformIgnorePatterns: ['/node_modules/(?!(inversify|@inversifyjs|@electric-sql)/)'],
  moduleNameMapper: {
    '^@groundfloor/(domain|testkit|crypto|mail-smtp|persistence-typeorm|http-express)$':
      '<rootDir>/packages/$1/src/index.ts',
    '^@groundfloor/server$': '<rootDir>/apps/server/src/index.ts',
  },
  modulePathIgnorePatterns: ['<rootDir>/.*/dist/'],
  maxWorkers: 2,
  testTimeout: 30000,
};

export default config;
