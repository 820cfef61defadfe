import { ensureTestServices, UNREACHABLE_ENV } from './services';

/**
 * Jest globalSetup: makes sure PostgreSQL, MariaDB and Redis are up (starting them when it can), prints one line per
 * server that stays unreachable, and hands the reasons to the test workers through NLQ_TEST_UNREACHABLE so their
 * tests are skipped (and counted as skipped) instead of failing.
 */
export default async function globalSetup(): Promise<void> {
  const unreachable = await ensureTestServices();
  for (const reason of Object.values(unreachable)) process.stdout.write(`skipping the tests that need it: ${reason}\n`);
  process.env[UNREACHABLE_ENV] = JSON.stringify(unreachable);
}
