#!/usr/bin/env node
/**
 * The `nlq` command (apps/cli): loads the repository's TypeScript runtime (tools/register.js: SWC with decorator
 * metadata, @nlq/* from the workspace) and runs src/main.ts. Exit codes: 0 ok, 1 failed answer or unreachable
 * service, 2 usage.
 */
require('../../../tools/register.js');
require('../src/main.ts').main();
