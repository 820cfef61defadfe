import type { Dialect } from '@nlq/contracts';

/** A node-sql-parser AST node, read loosely: its shapes differ per dialect grammar. */
export type AstNode = any;

/**
 * Outcome of parseSql (sql-ast.ts): the statements' ASTs, the parser's table list and the grammar that produced them
 * (the dialect's own or its fallback grammar), or a one-line error message.
 */
export type ParseResult =
  | { ok: true; statements: AstNode[]; tableList: string[]; grammar: Dialect }
  | { ok: false; error: string; offset?: number };
