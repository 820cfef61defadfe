import type { DatabaseSchema, TableSchema } from '@nlq/contracts';
import { stemmedWords } from '../word-stemmer';

/** Characters per token used for prompt budgets (a common rule of thumb for English text and SQL). */
export const CHARS_PER_TOKEN = 4;

/** Compact text of one table as a prompt would carry it: `name(col type pk, ...)`, keys, comments, samples. */
export function renderTable(table: TableSchema): string {
  const name = table.schema ? `${table.schema}.${table.name}` : table.name;
  const columns = table.columns.map((c) => {
    let text = `${c.name} ${c.type}${c.primaryKey ? ' pk' : ''}`;
    if (c.comment) text += ` -- ${c.comment}`;
    if (c.sampleValues && c.sampleValues.length > 0) text += ` [${c.sampleValues.join(', ')}]`;
    return text;
  });
  const fks = table.foreignKeys.map((f) => `fk (${f.columns.join(', ')}) -> ${f.referencedTable}(${f.referencedColumns.join(', ')})`);
  const comment = table.comment ? ` -- ${table.comment}` : '';
  return `${table.kind} ${name}(${[...columns, ...fks].join(', ')})${comment}\n`;
}

/** Compact text of a whole schema (the sum of `renderTable`). */
export function renderSchema(schema: DatabaseSchema): string {
  return schema.tables.map(renderTable).join('');
}

/** Approximate tokens of a text: ceil(characters / 4). */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}

/** What schema linking kept. */
export interface LinkedSchema {
  schema: DatabaseSchema;
  /** Names of the tables kept, in prompt order. */
  linkedTables: string[];
  /** True when tables were left out to stay within the budget. */
  reduced: boolean;
  /** Estimated tokens of the kept schema text. */
  estimatedTokens: number;
}

/** Score of a table for a question: table-name words 3, sample values 2, column names and comments 1 per word. */
function scoreTable(table: TableSchema, words: Set<string>): number {
  const hits = (text: string | null | undefined, weight: number): number =>
    text ? [...new Set(stemmedWords(text))].filter((w) => words.has(w)).length * weight : 0;
  let score = hits(table.name, 3) + hits(table.comment, 1);
  for (const column of table.columns) {
    score += hits(column.name, 1) + hits(column.comment, 1);
    for (const value of column.sampleValues ?? []) score += hits(value, 2);
  }
  return score;
}

/**
 * Pipeline step 4 (DESIGN.md): keep the prompt's schema within `budgetTokens` (4 characters a token).
 * When the whole schema fits it passes unchanged. Otherwise tables are ranked by lexical overlap between the
 * question's stemmed words and each table's name, column names, comments and sample values; matching tables are
 * taken best first, then their foreign-key neighbours (tables they reference and tables referencing them), each
 * while the running text stays within the budget (a table that does not fit is skipped, smaller ones may follow). When no table matches, tables are taken in schema order until the
 * budget is used. At least one table is always kept so the model sees something.
 */
export function linkSchema(question: string, schema: DatabaseSchema, budgetTokens: number): LinkedSchema {
  const fullTokens = estimateTokens(renderSchema(schema));
  if (fullTokens <= budgetTokens) {
    return { schema, linkedTables: schema.tables.map((t) => t.name), reduced: false, estimatedTokens: fullTokens };
  }
  const words = new Set(stemmedWords(question));
  const byName = new Map(schema.tables.map((t) => [t.name.toLowerCase(), t]));
  const scored = schema.tables
    .map((table, index) => ({ table, index, score: scoreTable(table, words) }))
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index);

  const neighbours = (table: TableSchema): TableSchema[] => {
    const out: TableSchema[] = [];
    for (const fk of table.foreignKeys) {
      const target = byName.get(fk.referencedTable.toLowerCase());
      if (target) out.push(target);
    }
    for (const other of schema.tables) {
      if (other.foreignKeys.some((fk) => fk.referencedTable.toLowerCase() === table.name.toLowerCase())) out.push(other);
    }
    return out;
  };

  const order: TableSchema[] = [];
  const queued = new Set<TableSchema>();
  const enqueue = (t: TableSchema) => {
    if (!queued.has(t)) {
      queued.add(t);
      order.push(t);
    }
  };
  if (scored.length > 0) {
    for (const s of scored) enqueue(s.table);
    for (const s of scored) for (const n of neighbours(s.table)) enqueue(n);
  } else {
    for (const t of schema.tables) enqueue(t);
  }

  const budgetChars = budgetTokens * CHARS_PER_TOKEN;
  const kept: TableSchema[] = [];
  let used = 0;
  for (const table of order) {
    const size = renderTable(table).length;
    if (kept.length > 0 && used + size > budgetChars) continue;
    kept.push(table);
    used += size;
  }
  const keptSet = new Set(kept);
  const tables = schema.tables.filter((t) => keptSet.has(t));
  return {
    schema: { ...schema, tables },
    linkedTables: tables.map((t) => t.name),
    reduced: true,
    estimatedTokens: Math.ceil(used / CHARS_PER_TOKEN),
  };
}
