/**
 * Runtime TypeScript loader for `npm start` and the tools: transpiles with SWC (decorators and decorator metadata
 * on, as NestJS needs) and resolves the @nlq/* workspace packages through npm workspaces.
 */
process.env.SWC_NODE_PROJECT =
  process.env.SWC_NODE_PROJECT || require('path').join(__dirname, '..', 'tsconfig.base.json');
require('reflect-metadata');
require('@swc-node/register');
