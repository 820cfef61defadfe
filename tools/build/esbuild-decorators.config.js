/**
 * esbuild settings of the Nx builds of the api, the query adapter and the CLI (@nx/esbuild:esbuild).
 * esbuild does not emit TypeScript's decorator metadata (`design:paramtypes`), which NestJS's dependency injection
 * reads (https://esbuild.github.io/content-types/#no-type-system, "emitDecoratorMetadata" is unsupported), so every
 * TypeScript file is first transpiled by SWC with legacy decorators and decorator metadata, as the tests do.
 */
const fs = require('node:fs');
const { transform } = require('@swc/core');

/** esbuild plugin: TypeScript through SWC (decorators + metadata), then esbuild bundles the JavaScript. */
const swcDecoratorMetadata = {
  name: 'swc-decorator-metadata',
  setup(build) {
    build.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      const source = await fs.promises.readFile(args.path, 'utf8');
      const { code } = await transform(source, {
        filename: args.path,
        sourceMaps: 'inline',
        jsc: {
          parser: { syntax: 'typescript', decorators: true, tsx: args.path.endsWith('.tsx') },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          target: 'es2022',
          keepClassNames: true,
        },
        module: { type: 'es6' },
      });
      return { contents: code, loader: 'js' };
    });
  },
};

module.exports = { plugins: [swcDecoratorMetadata], keepNames: true, sourcemap: true, outExtension: { '.js': '.js' } };
