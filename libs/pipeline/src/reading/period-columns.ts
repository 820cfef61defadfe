import type { DatabaseSchema, Dialect, TableSchema } from '@nlq/contracts';
import { parseSql } from '@nlq/db-drivers';
import { readFrom } from './sql-reading-from';
import { datePart, indexSchema, type Node, type ReadingContext } from './sql-reading-phrases';

/** An output column of a read that buckets a table's date column by year or month. */
export interface PeriodColumn {
  /** The output column's name (its alias) as the result names it. */
  output: string;
  part: 'year' | 'month';
  /** The schema's table the date column belongs to. */
  table: TableSchema;
  /** The date column, as the schema names it. */
  column: string;
}

/**
 * The select-list columns of a single read that are a year or month of a table's date column, with an alias:
 * `strftime('%Y', o.order_date) AS year`, `EXTRACT(YEAR FROM order_date) AS y`, `date_trunc('month', created_at) AS
 * month`, `YEAR(c)`, `to_char(c, 'YYYY-MM')` (the date parts of the SQL reading, sql-reading-phrases.ts `datePart`).
 * Only columns of a table the schema has count; CTEs and derived tables are not followed. Empty when the SQL does
 * not parse or holds none. Pure; never throws.
 */
export function periodColumns(sql: string, dialect: Dialect, schema: DatabaseSchema): PeriodColumn[] {
  try {
    const parsed = parseSql(sql, dialect);
    if (!parsed.ok || parsed.statements.length !== 1) return [];
    const ast = parsed.statements[0] as Node;
    if (ast?.type !== 'select' || !Array.isArray(ast.columns)) return [];
    const ctx: ReadingContext = {
      dialect,
      schema: indexSchema(schema),
      level: 2,
      partial: false,
      depth: 0,
      readSubquery: () => null,
      readCondition: () => null,
    };
    const { scope } = readFrom(ast, null, ctx);
    const found: PeriodColumn[] = [];
    for (const item of ast.columns as Node[]) {
      const alias = typeof item?.as === 'string' ? item.as : null;
      const part = alias ? datePart(item.expr, scope, ctx) : null;
      const table = part?.column.source?.kind === 'table' ? part.column.source.table : null;
      if (!alias || !part || !table || (part.part !== 'year' && part.part !== 'month')) continue;
      const column = table.columns.find((c) => c.name.toLowerCase() === part.column.name.toLowerCase());
      if (column) found.push({ output: alias, part: part.part, table, column: column.name });
    }
    return found;
  } catch {
    return [];
  }
}
