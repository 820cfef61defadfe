import type { ColumnSchema, DatabaseSchema, TableSchema } from '@nlq/contracts';
import { candidateQuestions } from './candidate-questions';

const col = (name: string, type: string, extra: Partial<ColumnSchema> = {}): ColumnSchema => ({
  name,
  type,
  nullable: true,
  primaryKey: false,
  ...extra,
});
const table = (name: string, columns: ColumnSchema[], foreignKeys: TableSchema['foreignKeys'] = []): TableSchema => ({
  name,
  kind: 'table',
  columns,
  primaryKey: columns.filter((c) => c.primaryKey).map((c) => c.name),
  foreignKeys,
});

/** A library: nothing like the sample shop. */
const LIBRARY: DatabaseSchema = {
  dialect: 'sqlite',
  introspectedAt: '2026-01-01T00:00:00Z',
  version: 'v1',
  tables: [
    table('Branch', [
      col('BranchId', 'INTEGER', { primaryKey: true }),
      col('Name', 'TEXT'),
      col('City', 'TEXT', { sampleValues: ['Leeds', 'York', 'Hull'] }),
    ]),
    table(
      'Loan',
      [
        col('LoanId', 'INTEGER', { primaryKey: true }),
        col('BranchId', 'INTEGER'),
        col('LateFee', 'NUMERIC(8,2)'),
        col('Days', 'INTEGER'),
        col('Status', 'TEXT', { sampleValues: ['open', 'returned'] }),
      ],
      [{ columns: ['BranchId'], referencedTable: 'Branch', referencedColumns: ['BranchId'] }],
    ),
    table('audit_log', []),
  ],
};

describe('candidateQuestions', () => {
  it('builds questions from any schema: its tables, measures, categories and foreign keys', () => {
    const questions = candidateQuestions(LIBRARY).map((c) => c.question);
    expect(questions).toEqual(
      expect.arrayContaining([
        'How many loans are there?',
        'How many branches are there?',
        'Total late fee per status',
        'Total late fee per branch',
        'Top 5 loans by late fee',
        'How many loans are there per status?',
        'How many branches are there per city?',
      ]),
    );
    // keys and identifiers are never measures; a table without columns gives nothing
    expect(questions.join(' ')).not.toMatch(/branch id|loan id|audit/i);
  });

  it('carries the SQL each question was made from, quoted for the dialect', () => {
    const byQuestion = new Map(candidateQuestions(LIBRARY).map((c) => [c.question, c]));
    expect(byQuestion.get('Total late fee per status')).toMatchObject({
      sql: 'SELECT t."Status", SUM(t."LateFee") FROM "Loan" t GROUP BY t."Status"',
      rows: null,
    });
    expect(byQuestion.get('Total late fee per branch')?.sql).toBe(
      'SELECT r."Name", SUM(t."LateFee") FROM "Loan" t JOIN "Branch" r ON t."BranchId" = r."BranchId" ' +
        'GROUP BY r."BranchId", r."Name"',
    );
    expect(byQuestion.get('Top 5 loans by late fee')).toMatchObject({
      sql: 'SELECT "LateFee" FROM "Loan" WHERE "LateFee" IS NOT NULL ORDER BY "LateFee" DESC',
      rows: 5,
    });
    expect(byQuestion.get('How many branches are there per city?')?.sql).toBe(
      'SELECT t."City", COUNT(*) FROM "Branch" t GROUP BY t."City"',
    );
  });

  it('puts the most related table first, varies the kinds and never repeats a question', () => {
    const candidates = candidateQuestions(LIBRARY);
    expect(candidates[0]).toMatchObject({ kind: 'measure-per-category', table: 'Loan' });
    expect(new Set(candidates.slice(0, 4).map((c) => c.kind)).size).toBe(4);
    expect(new Set(candidates.map((c) => c.question.toLowerCase())).size).toBe(candidates.length);
  });

  it('asks the average of a price or rate, not its total', () => {
    const shop: DatabaseSchema = {
      ...LIBRARY,
      tables: [table('items', [col('unit_price', 'REAL'), col('kind', 'TEXT', { sampleValues: ['a', 'b'] })])],
    };
    expect(candidateQuestions(shop).map((c) => c.question)).toContain('Average unit price per kind');
  });
});
