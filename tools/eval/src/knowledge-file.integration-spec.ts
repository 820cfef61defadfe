/**
 * Knowledge files of the evaluation on the real defog databases of ../shared/eval: the shipped
 * tools/eval/knowledge/defog.yaml holds on every database it names (the same check as POST
 * /api/knowledge/definitions), a definition naming an unknown column is refused with its name, and a question using a
 * metric is answered with the metric's SQL through the real pipeline. Skipped, with a message, without ../shared.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { OfflineProvider } from '@nlq/llm-providers';
import { defaultEvalDir, loadEvalSet } from './eval-data';
import { createEvalHarness, openEvalDatabase } from './eval-runner';
import { definitionsFor, readKnowledgeFile } from './knowledge-file';

jest.setTimeout(60_000);

const dataDir = defaultEvalDir();
const present = existsSync(dataDir);
if (!present) console.warn(`skipping knowledge-file integration tests: no evaluation data at ${dataDir}`);
const describeIfData = present ? describe : describe.skip;
const SHIPPED = path.join(__dirname, '..', 'knowledge', 'defog.yaml');

describeIfData('evaluation knowledge files', () => {
  const items = present ? loadEvalSet('defog', dataDir) : [];
  const itemOf = (db: string) => items.find((i) => i.db === db)!;

  it('the shipped defog file holds on every database it names', async () => {
    const knowledge = readKnowledgeFile(SHIPPED);
    expect([...knowledge.keys()].sort()).toEqual(['broker', 'car_dealership', 'derm_treatment', 'ewallet']);
    for (const db of knowledge.keys()) {
      const { database, drop } = await openEvalDatabase(itemOf(db));
      try {
        expect(definitionsFor(knowledge, db, database.schema)).toHaveLength(knowledge.get(db)!.length);
      } finally {
        await database.driver.close();
        await drop();
      }
    }
  });

  it('refuses a definition naming an unknown column, and a file of another shape', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'nlq-eval-knowledge-'));
    try {
      const bad = path.join(dir, 'bad.yaml');
      writeFileSync(
        bad,
        'databases:\n  broker:\n    definitions:\n      - { kind: metric, name: volume, expression: SUM(sbdailyprice.no_such_column) }\n',
      );
      const { database, drop } = await openEvalDatabase(itemOf('broker'));
      try {
        expect(() => definitionsFor(readKnowledgeFile(bad), 'broker', database.schema)).toThrow(
          /knowledge of broker: volume: expression: .*no_such_column/,
        );
      } finally {
        await database.driver.close();
        await drop();
      }
      writeFileSync(bad, 'definitions: []\n');
      expect(() => readKnowledgeFile(bad)).toThrow(/must be a mapping with a databases mapping/);
      writeFileSync(bad, 'databases:\n  broker:\n    definitions:\n      - { kind: metric, name: volume }\n');
      expect(() => readKnowledgeFile(bad)).toThrow(/definitions\[0\]: expression should not be empty/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('answers a question that uses a metric with the metric, through the real pipeline', async () => {
    const knowledge = readKnowledgeFile(SHIPPED);
    const harness = createEvalHarness(new OfflineProvider(), knowledge);
    try {
      const item = itemOf('car_dealership');
      await harness.open(item);
      const out = await harness.pipeline.ask({
        question: 'What are the total sales?',
        sessionId: 's',
        userId: 'eval',
        connectionId: item.db,
      });
      expect(out).toMatchObject({ success: true });
      expect(out.knowledge).toContainEqual(
        expect.objectContaining({ kind: 'metric', name: 'Total Sales', version: 1 }),
      );
      expect(out.sql).toMatch(/SUM\([^)]*sale_price\)/i);
    } finally {
      await harness.close();
    }
  });
});
