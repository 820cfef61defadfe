import { walkAst, type AstNode } from '@nlq/db-drivers';

/** A table named in a FROM or JOIN (node-sql-parser's `{ db, table, as }` item). */
export interface TableReference {
  node: AstNode & { table: string; as?: string | null };
  /** The table name in lower case. */
  table: string;
}

/** A column reference of the statement (`column_ref`), with its qualifier and name in lower case. */
export interface ColumnReference {
  node: AstNode;
  qualifier: string | null;
  /** `*` for a star. */
  name: string;
}

/** Every table, CTE name and column reference of one parsed statement, wherever it stands. */
export interface StatementReferences {
  tables: TableReference[];
  /** Names the statement's WITH clauses define, lower case. */
  cteNames: Set<string>;
  columns: ColumnReference[];
  /** Named parameters written in the statement. */
  parameters: number;
  /** Alias or table name (lower case) to the table it stands for (lower case). */
  aliases: Map<string, string>;
}

/**
 * Walks the whole parse tree (select lists, WHERE, GROUP BY, HAVING, ORDER BY, JOIN ON, subqueries, CTEs, UNION
 * branches) and collects what a data policy is checked against. Pure.
 */
export function statementReferences(statement: AstNode): StatementReferences {
  const out: StatementReferences = { tables: [], cteNames: new Set(), columns: [], parameters: 0, aliases: new Map() };
  walkAst(statement, (node) => {
    const record = node as Record<string, unknown>;
    if (Array.isArray(record.with)) {
      for (const cte of record.with as Array<{ name?: { value?: unknown } | string }>) {
        const name = typeof cte.name === 'string' ? cte.name : cte.name?.value;
        if (typeof name === 'string') out.cteNames.add(name.toLowerCase());
      }
    }
    if (record.type === 'column_ref') out.columns.push(columnReference(node));
    else if (record.type === 'param') out.parameters += 1;
    else if (typeof record.table === 'string' && 'db' in record && record.type === undefined) {
      const reference = { node: node as TableReference['node'], table: record.table.toLowerCase() };
      out.tables.push(reference);
      out.aliases.set(reference.table, reference.table);
      if (typeof record.as === 'string') out.aliases.set(record.as.toLowerCase(), reference.table);
    }
  });
  out.tables = out.tables.filter((t) => !out.cteNames.has(t.table));
  return out;
}

function columnReference(node: AstNode): ColumnReference {
  const record = node as { table?: unknown; column?: unknown };
  const column = record.column as string | { expr?: { value?: unknown } } | undefined;
  const name = typeof column === 'string' ? column : String(column?.expr?.value ?? '');
  const qualifier = typeof record.table === 'string' ? record.table.toLowerCase() : null;
  return { node, qualifier, name: name.toLowerCase() };
}
