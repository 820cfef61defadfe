import { UNREACHABLE_ENV, type TestService } from './services';

export { ensureTestServices, probe, TEST_SERVICES, UNREACHABLE_ENV } from './services';
export type { TestService, TestServiceSpec } from './services';

/**
 * Why `service` is unreachable in this test run (as found by the global setup), or null when it is reachable or
 * the run had no global setup.
 */
export function unreachableReason(service: TestService, env: NodeJS.ProcessEnv = process.env): string | null {
  const raw = env[UNREACHABLE_ENV];
  if (!raw) return null;
  try {
    return (JSON.parse(raw) as Partial<Record<TestService, string>>)[service] ?? null;
  } catch {
    return null;
  }
}

/**
 * `describe` when every listed server is reachable, else `describe.skip` (its tests count as skipped) after one
 * printed line naming the suite and the reason. Use: `describeWith('postgresql')('PostgreSQL driver', () => ...)`.
 */
export function describeWith(...services: TestService[]): jest.Describe {
  const reasons = services
    .map((service) => unreachableReason(service))
    .filter((reason): reason is string => reason !== null);
  if (reasons.length === 0) return describe;
  const skip = ((name: string, fn: jest.EmptyFunction) => {
    process.stdout.write(`skipped "${name}": ${reasons.join('; ')}\n`);
    describe.skip(name, fn);
  }) as jest.Describe;
  return Object.assign(skip, describe);
}

/**
 * `describe.each` over named cases where a case may need a server: each case gets its own suite titled `title` with
 * `$name` replaced by the case's name, run with {@link describeWith} the servers `servicesOf(case)` names (skipped,
 * with one printed line, when one is unreachable).
 */
export function describeEachWith<T extends { name: string }>(
  cases: readonly T[],
  servicesOf: (testCase: T) => TestService[],
) {
  return (title: string, fn: (testCase: T) => void): void => {
    for (const testCase of cases)
      describeWith(...servicesOf(testCase))(title.replace('$name', testCase.name), () => fn(testCase));
  };
}
