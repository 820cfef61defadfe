/**
 * The SQL checker (docs/architecture.md steps 7 and 8): classification of one statement as read, write, DDL/admin or
 * refused, reference checking against an introspected schema, and normalization before execution.
 */
export { classifySql, normalizeSql } from './sql-classifier';
export { checkReferences } from './reference-checker';
export { tokenizeSql } from './sql-tokenizer';
export { functionName, identName, parseSql, sqlifyStatement, walkAst } from './sql-ast';
export type { AstNode, ParseResult } from './parse-result';
export type { SqlToken, TokenizedSql } from './sql-tokenizer';
export { repairSql, repairKeywordIdentifiers, repairDoubleQuotedLiterals } from './sql-repair';
export type { DoubleQuotedDecision, RepairResult, SqlRepair } from './sql-repair';
export { parseDefinitionExpression, definitionSql } from './definition-expression';
export type { DefinitionExpression } from './definition-expression';
export { definitionFunctions } from './definition-functions';
export { qualifyColumns } from './qualify-columns';
export { columnReference, relationshipProbeSql, RELATIONSHIP_SAMPLE_ROWS } from './relationship-probe';
export type { ColumnReference } from './relationship-probe';
export { definitionProbeSql, PROBE_ROW_BUDGET } from './definition-probe';
export { statementShape } from './statement-shape';
export type { SelectShape, ShapeAggregate, ShapeColumn, StatementShape } from './statement-shape';
export { aggregateFindings, isKeyColumn } from './aggregate-findings';
export type { ShapeFinding } from './aggregate-findings';
