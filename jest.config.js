/**
 * One Jest run over every project. Unit specs sit beside the code as *.spec.ts; tests that need a real server
 * (PostgreSQL, MariaDB, HTTP, a browser) are *.integration-spec.ts. SWC transpiles with decorator metadata.
 */
const swc = ['@swc/jest', { jsc: { parser: { syntax: 'typescript', decorators: true, tsx: true }, transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } }, target: 'es2022' }, module: { type: 'commonjs' } }];
module.exports = {
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)sx?$': swc },
  testMatch: ['<rootDir>/{apps,libs,tools}/*/{src,test}/**/*.{spec,integration-spec}.ts'],
  moduleNameMapper: {
    '^@nlq/contracts$': '<rootDir>/libs/contracts/src/index.ts',
    '^@nlq/db-drivers$': '<rootDir>/libs/db-drivers/src/index.ts',
    '^@nlq/llm-providers$': '<rootDir>/libs/llm-providers/src/index.ts',
    '^@nlq/pipeline$': '<rootDir>/libs/pipeline/src/index.ts',
    '^@nlq/sample-db$': '<rootDir>/tools/sample-db/src/index.ts',
    '^@nlq/api$': '<rootDir>/apps/api/src/index.ts',
    '^@nlq/test-services$': '<rootDir>/tools/test-services/src/index.ts',
  },
  // Finds (starting them when it can) PostgreSQL, MariaDB and Redis; tests of an unreachable one are skipped.
  globalSetup: '<rootDir>/tools/test-services/src/global-setup.ts',
  // content-disposition (pulled in by @fastify/static for /docs) is ESM-only; let SWC transform it.
  transformIgnorePatterns: ['/node_modules/(?!(content-disposition)/)'],
  setupFiles: ['reflect-metadata'],
  testTimeout: 30000,
  maxWorkers: 2,
  reporters: ['default', '<rootDir>/tools/jest-summary-reporter.js'],
};
