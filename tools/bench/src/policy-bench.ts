import type { DataPolicyDocument } from '@nlq/contracts';
import type { ScenarioResult } from './bench-report';
import { median } from './bench-report';
import type { BenchQuestion } from './bench-questions';

/** The key of the admin user the --policy apis know from USER_API_KEYS (it sets the policy and issues the keys). */
export const POLICY_ADMIN_KEY = 'bench-policy-admin-key-0123456789abcdef';

/** USER_API_KEYS of an api measured with --policy. */
export const POLICY_USER_KEYS = `bench-admin:${POLICY_ADMIN_KEY}:admin`;

/**
 * The viewer's data policy of --policy (docs/http-api.md "Roles and data policies"): every table the bench
 * questions read, a masked column and a country row filter on customers and orders, so every question runs through
 * the data-policy stage's parse, check and rewrite with a bound parameter.
 */
export const BENCH_POLICY: DataPolicyDocument = {
  roles: {
    viewer: {
      tables: ['customers', 'orders', 'order_items', 'products', 'categories', 'countries'],
      mask_columns: ['customers.phone'],
      row_filters: {
        customers: 'country = :user.country',
        orders: 'customer_id IN (SELECT customer_id FROM customers WHERE country = :user.country)',
      },
    },
  },
};

/** The two keys of a --policy run: a viewer under {@link BENCH_POLICY}, and an analyst (no policy entry). */
export interface PolicyKeys {
  viewer: string;
  open: string;
}

async function post(url: string, method: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', 'x-api-key': POLICY_ADMIN_KEY },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${JSON.stringify(answer)}`);
  return answer;
}

/**
 * Saves {@link BENCH_POLICY} on the api's default connection, issues both keys through POST /api/keys (so both are
 * verified the same way on every request), each with the attribute `country` = Germany, and asks every question once
 * with each key (the warm-up the /query runs get too: what is prepared once per schema and policy is then ready).
 * @throws Error when the api refuses a step or a question is not answered.
 */
export async function preparePolicy(apiUrl: string, questions: readonly BenchQuestion[]): Promise<PolicyKeys> {
  await post(`${apiUrl}/api/connections/default/policy`, 'PUT', BENCH_POLICY);
  const issue = async (role: string) =>
    (await post(`${apiUrl}/api/keys`, 'POST', { user_id: `bench-${role}`, role, attributes: { country: 'Germany' } }))
      .key as string;
  const keys = { viewer: await issue('viewer'), open: await issue('analyst') };
  for (const key of [keys.viewer, keys.open]) {
    for (const { question } of questions) {
      const response = await fetch(`${apiUrl}/api/chat`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': key },
        body: JSON.stringify({ question }),
      });
      const body = (await response.json()) as { success?: boolean };
      if (body.success !== true)
        throw new Error(`"${question}" was not answered on /api/chat (--policy): ${JSON.stringify(body)}`);
    }
  }
  return keys;
}

/** Label suffixes of the two /api/chat scenarios of --policy. */
export const NO_POLICY = '/api/chat, no policy';
export const WITH_POLICY = '/api/chat, viewer policy';

/**
 * Per api (`target` without the suffixes), the median over the rounds of requests per second with the policy over
 * requests per second without it, measured in the same round.
 */
export function policyRatios(rounds: readonly (readonly ScenarioResult[])[]): Map<string, number> {
  const ratios = new Map<string, number[]>();
  for (const round of rounds) {
    for (const run of round) {
      if (!run.target.includes(WITH_POLICY)) continue;
      const without = round.find((s) => s.target === run.target.replace(WITH_POLICY, NO_POLICY));
      if (!without || without.requestsPerSecond <= 0) continue;
      const key = run.target.replace(`, ${WITH_POLICY}`, '');
      ratios.set(key, [...(ratios.get(key) ?? []), run.requestsPerSecond / without.requestsPerSecond]);
    }
  }
  return new Map([...ratios].map(([target, values]) => [target, median(values)]));
}
