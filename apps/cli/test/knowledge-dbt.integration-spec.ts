/**
 * `nlq knowledge import --dbt DIR` and `nlq knowledge export --dbt --out DIR` against a running app
 * (@nlq/server/testing, the sample database): a dbt project imported, exported to a folder as MetricFlow YAML, and
 * that folder imported back without creating or changing anything (docs/knowledge.md "Export to dbt").
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestApp } from '@nlq/server/testing';
import { runCli } from '../src/main';

/** @nlq/server/testing, loaded lazily as the command loads @nlq/server (the module boundary rule). */
const testing = () => import('@nlq/server/testing');

const KEY = 'cli-dbt-key-0123456789ab';

const PROJECT = `semantic_models:
  - name: orders
    model: ref('orders')
    entities:
      - name: order
        type: primary
        expr: order_id
    dimensions:
      - name: status
        type: categorical
    measures:
      - name: total_amount
        agg: sum
metrics:
  - name: delivered_revenue
    label: Delivered revenue
    type: simple
    type_params:
      measure: total_amount
    filter: "{{ Dimension('order__status') }} = 'delivered'"
`;

async function nlq(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
  return { code, stdout, stderr };
}

describe('nlq knowledge export --dbt', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    t = await (await testing()).startTestApp({ SERVICE_API_KEY: KEY });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nlq-dbt-'));
    fs.mkdirSync(path.join(dir, 'project', 'models'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'project', 'models', 'orders.yml'), PROJECT);
  });
  afterAll(async () => {
    await t.close();
    (await testing()).removeDataDir(t.dataDir);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('writes the imported definitions to a folder that imports back without a change', async () => {
    const service = ['--url', t.url, '--key', KEY];
    const imported = await nlq(['knowledge', 'import', '--dbt', path.join(dir, 'project'), ...service]);
    expect(imported).toMatchObject({ code: 0, stdout: expect.stringMatching(/^1 created, 0 updated/m) });
    const printed = await nlq(['knowledge', 'export', '--dbt', ...service]);
    expect(printed.code).toBe(0);
    expect(printed.stdout).toMatch(/^semantic_models:/m);
    expect(printed.stdout).toContain('name: delivered_revenue');
    const written = await nlq(['knowledge', 'export', '--dbt', '--out', path.join(dir, 'exported'), ...service]);
    expect(written.code).toBe(0);
    expect(fs.readFileSync(path.join(dir, 'exported', 'models', 'semantic_layer.yml'), 'utf8')).toBe(printed.stdout);
    const again = await nlq(['knowledge', 'import', '--dbt', path.join(dir, 'exported'), ...service]);
    expect(again).toMatchObject({ code: 0, stdout: expect.stringMatching(/^0 created, 0 updated, 1 unchanged/m) });
  });

  it('exits 1 for a wrong key and 2 for usage errors', async () => {
    const wrong = await nlq(['knowledge', 'export', '--dbt', '--url', t.url, '--key', 'wrong-key-0123456789']);
    expect(wrong.code).toBe(1);
    expect((await nlq(['knowledge', 'export', '--url', t.url])).code).toBe(2);
    expect((await nlq(['knowledge', 'export', '--dbt', '--partial', '--url', t.url])).code).toBe(2);
  });
});
