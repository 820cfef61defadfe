/**
 * Shared Jest settings. Every package has its own jest.config.js (`npx nx test pipeline`, or
 * `npx jest -c libs/pipeline/jest.config.js`) built by {@link standalone}; the root jest.config.js runs every package
 * at once as Jest projects (`npx jest <path>` from the root still works). Unit specs sit beside the code as
 * *.spec.ts; tests that need a real server (PostgreSQL, MariaDB, Redis, HTTP, a browser) are *.integration-spec.ts.
 * SWC transpiles with decorator metadata. Workspace packages resolve to their sources through tsconfig.base.json's
 * `paths`, so a new package needs no Jest change.
 */
const fs = require('node:fs');
const path = require('node:path');

const ROOT = __dirname;
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

/** `^@nlq/x$` -> the source entry of each path alias of tsconfig.base.json. */
function moduleNameMapper() {
  const { compilerOptions } = JSON.parse(fs.readFileSync(path.join(ROOT, 'tsconfig.base.json'), 'utf8'));
  const map = {};
  for (const [alias, targets] of Object.entries(compilerOptions.paths ?? {}))
    map[`^${alias.replace(/[/.]/g, '\\$&')}$`] = path.join(ROOT, targets[0]);
  return map;
}

/** The per-project part of a package's Jest configuration (usable as one entry of a multi-project run). */
function projectConfig(projectDir) {
  return {
    displayName: path.relative(ROOT, projectDir),
    rootDir: projectDir,
    testEnvironment: 'node',
    transform: { '^.+\\.(t|j)sx?$': swc },
    testMatch: ['<rootDir>/{src,test}/**/*.{spec,integration-spec}.ts'],
    moduleNameMapper: moduleNameMapper(),
    // content-disposition (pulled in by @fastify/static for /docs) and openid-client with its dependencies (jose,
    // oauth4webapi) are ESM-only; let SWC transform them.
    transformIgnorePatterns: ['/node_modules/(?!(content-disposition|openid-client|jose|oauth4webapi)/)'],
    setupFiles: [require.resolve('reflect-metadata')],
    testTimeout: 30000,
  };
}

/** Settings of a whole run: the local servers' global setup, two workers, the closing summary line. */
const runOptions = {
  // Finds (starting them when it can) PostgreSQL, MariaDB and Redis; tests of an unreachable one are skipped.
  globalSetup: path.join(ROOT, 'libs/test-services/src/global-setup.ts'),
  maxWorkers: 2,
  // testTimeout is a setting of the whole run: Jest ignores it inside the projects of a multi-project run.
  testTimeout: 30000,
  reporters: ['default', path.join(ROOT, 'tools/jest-summary-reporter.js')],
  // The global setup is TypeScript: let it be transformed like the tests.
  transform: { '^.+\\.(t|j)sx?$': swc },
};

/** A package's own jest.config.js: its tests alone, with the run options. */
function standalone(projectDir) {
  return { ...projectConfig(projectDir), ...runOptions };
}

/** Directories of every package that has a jest.config.js. */
function projectDirs() {
  return ['apps', 'libs', 'tools']
    .flatMap((group) =>
      fs.existsSync(path.join(ROOT, group))
        ? fs.readdirSync(path.join(ROOT, group)).map((name) => path.join(ROOT, group, name))
        : [],
    )
    .filter((dir) => fs.existsSync(path.join(dir, 'jest.config.js')));
}

module.exports = { projectConfig, runOptions, standalone, projectDirs };
