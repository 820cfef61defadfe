/**
 * The shop-cryptic evaluation set (cryptic-shop.ts) on real SQLite files: the renamed copy keeps every row, each
 * question's rewritten gold SQL gives on it the rows the original gold SQL gives on the sample database, its
 * knowledge file describes every renamed column and holds on its schema (the check of POST
 * /api/knowledge/definitions; docs/knowledge.md "Descriptions").
 */
import path from 'node:path';
import { resultsMatch } from '@nlq/pipeline';
import { CRYPTIC_SHOP_COLUMNS } from './cryptic-shop';
import { loadEvalSet } from './eval-data';
import { openEvalDatabase, runDirect } from './eval-runner';
import { definitionsFor, readKnowledgeFile } from './knowledge-file';

jest.setTimeout(60_000);

describe('the shop-cryptic evaluation set', () => {
  it('asks the shop questions of a renamed copy whose gold SQL gives the same rows', async () => {
    const cryptic = loadEvalSet('shop-cryptic');
    const plain = loadEvalSet('shop');
    expect(cryptic.map((i) => i.question)).toEqual(plain.map((i) => i.question));
    const a = await openEvalDatabase(cryptic[0]);
    const b = await openEvalDatabase(plain[0]);
    try {
      const orders = a.database.schema.tables.find((t) => t.name === 'orders');
      expect(orders?.columns.map((c) => c.name)).toEqual(expect.arrayContaining(['f1', 'f2', 'f3']));
      expect(orders?.columns.map((c) => c.name)).not.toContain('total_amount');
      for (const [k, item] of cryptic.entries()) {
        const got = await runDirect(a.database, item.goldSql[0]);
        const want = await runDirect(b.database, plain[k].goldSql[0]);
        expect({ question: item.question, ok: got.ok }).toEqual({ question: item.question, ok: true });
        if (got.ok && want.ok) expect(resultsMatch(got.result, want.result, false)).toBe(true);
      }
    } finally {
      await a.database.driver.close();
      await b.database.driver.close();
    }
  });

  it('has a knowledge file describing each renamed column that holds on its schema', async () => {
    const knowledge = readKnowledgeFile(path.join(__dirname, '..', 'knowledge', 'shop-cryptic.yaml'));
    const { database } = await openEvalDatabase(loadEvalSet('shop-cryptic')[0]);
    try {
      const definitions = definitionsFor(knowledge, 'shop-cryptic', database.schema);
      expect(definitions.map((d) => (d.kind === 'description' ? d.target : '')).sort()).toEqual(
        CRYPTIC_SHOP_COLUMNS.map((c) => `${c.table}.${c.cryptic}`).sort(),
      );
    } finally {
      await database.driver.close();
    }
  });
});
