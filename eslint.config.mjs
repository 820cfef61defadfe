// Lint: typescript-eslint recommended rules plus Nx module boundaries (docs/architecture.md "Dependency rule"):
// arrows point down only. web -> contracts; the api app -> server; server -> pipeline, contracts, sample-data;
// pipeline -> db-drivers, llm-providers, contracts; providers -> offline-engine, contracts; offline-engine ->
// db-drivers, contracts; drivers -> contracts; nothing below the server
// imports NestJS. Nothing imports apps/.
import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';

const nestBan = {
  patterns: [
    {
      group: ['@nestjs/*', 'typeorm', 'fastify', '@fastify/*'],
      message: 'Nothing below libs/server imports NestJS, TypeORM or Fastify (docs/architecture.md "Dependency rule").',
    },
  ],
};

const productionConstraints = [
  { sourceTag: 'type:contracts', onlyDependOnLibsWithTags: [] },
  { sourceTag: 'type:driver', onlyDependOnLibsWithTags: ['type:contracts'] },
  { sourceTag: 'type:engine', onlyDependOnLibsWithTags: ['type:contracts', 'type:driver'] },
  { sourceTag: 'type:provider', onlyDependOnLibsWithTags: ['type:contracts', 'type:engine'] },
  { sourceTag: 'type:pipeline', onlyDependOnLibsWithTags: ['type:contracts', 'type:driver', 'type:provider'] },
  { sourceTag: 'type:sample-data', onlyDependOnLibsWithTags: [] },
  { sourceTag: 'type:server', onlyDependOnLibsWithTags: ['type:contracts', 'type:pipeline', 'type:sample-data'] },
  { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:contracts', 'type:server'] },
  { sourceTag: 'type:web', onlyDependOnLibsWithTags: ['type:contracts'] },
  {
    sourceTag: 'type:e2e',
    onlyDependOnLibsWithTags: ['type:contracts', 'type:server', 'type:pipeline', 'type:provider', 'type:sample-data'],
  },
  {
    sourceTag: 'type:tool-app',
    onlyDependOnLibsWithTags: [
      'type:contracts',
      'type:pipeline',
      'type:driver',
      'type:provider',
      'type:engine',
      'type:sample-data',
      'type:server',
    ],
  },
  { sourceTag: 'type:test-support', onlyDependOnLibsWithTags: [] },
  // the mountable query adapter (libs/query-adapter) embeds the server; the CLI embeds it too, or delegates to the tools
  { sourceTag: 'type:adapter', onlyDependOnLibsWithTags: ['type:contracts', 'type:server'] },
  {
    sourceTag: 'type:cli',
    onlyDependOnLibsWithTags: ['type:contracts', 'type:server', 'type:adapter', 'type:sample-data', 'type:tool-app'],
  },
];

// Tests of the server, the api app and the pipeline (and the server's own test support, src/testing) may also use test support that their production code must not: the
// sample-database generator as test data, and the providers' scripted model servers, which speak real wire protocols.
// Tests of the providers may use the sample-database generator's seeded random numbers and the drivers' SQL
// classifier (the offline engine's question fuzz checks that every SQL it writes parses).
// Every test may use the test-services support (skips the tests of an unreachable local server).
const testConstraints = productionConstraints.map((c) => {
  const extra = ['type:server', 'type:app', 'type:pipeline'].includes(c.sourceTag)
    ? ['type:sample-data', 'type:provider', 'type:driver', 'type:server', 'type:pipeline', 'type:engine']
    : c.sourceTag === 'type:provider' || c.sourceTag === 'type:engine'
      ? ['type:sample-data', 'type:driver', 'type:engine']
      : [];
  return {
    ...c,
    onlyDependOnLibsWithTags: [...new Set([...c.onlyDependOnLibsWithTags, ...extra, 'type:test-support'])],
  };
});

// Object-as-map lookups: a plain object answers every Object.prototype key ("constructor", "toString",
// "__proto__") as if it were present, so a lookup keyed by a schema name, a question word, model output or a request
// finds an inherited function, and a write keyed so replaces the prototype. Lookup tables are Maps (or null-prototype
// objects read with Object.hasOwn); accumulators keyed by data are Maps or Object.fromEntries.
const prototypeSafeMaps = [
  {
    selector:
      "VariableDeclarator[init.type='ObjectExpression'] > Identifier > TSTypeAnnotation > TSTypeReference[typeName.name='Record'][typeArguments.params.0.type='TSStringKeyword']",
    message:
      'A Record<string, …> object literal answers Object.prototype keys (constructor, toString, __proto__) as present: use a Map, or Object.fromEntries / Object.create(null) read with Object.hasOwn.',
  },
  {
    selector: "MemberExpression[computed=true] > TSAsExpression.object[expression.type='ObjectExpression']",
    message: 'An inline object indexed by a computed key answers Object.prototype keys as present: use a Map.',
  },
  {
    selector: 'MemberExpression[computed=true] > ObjectExpression.object',
    message: 'An inline object indexed by a computed key answers Object.prototype keys as present: use a Map.',
  },
];

const boundaries = (depConstraints) => ['error', { enforceBuildableLibDependency: false, allow: [], depConstraints }];

export default [
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-artifacts/**',
      '.nx/**',
      'coverage/**',
      '**/*.js',
      '**/*.mjs',
      '**/*.cjs',
    ],
  },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { '@nx': nx },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@nx/enforce-module-boundaries': boundaries(productionConstraints),
      'no-restricted-syntax': ['error', ...prototypeSafeMaps],
    },
  },
  {
    files: ['**/*.spec.ts', '**/*.integration-spec.ts', '*/*/test/**/*.ts', '*/*/src/testing/**/*.ts'],
    // tests build their own tables keyed by the questions they ask; the hostile-schema suite covers the code under test
    rules: { '@nx/enforce-module-boundaries': boundaries(testConstraints), 'no-restricted-syntax': 'off' },
  },
  {
    files: ['libs/**/*.ts'],
    // the server and the query adapter are the NestJS and Fastify layer
    ignores: ['libs/server/**', 'libs/query-adapter/**'],
    rules: { 'no-restricted-imports': ['error', nestBan] },
  },
];
