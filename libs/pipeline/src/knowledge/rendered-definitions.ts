import type { Dialect, KnowledgeDefinition } from '@nlq/contracts';
import { parseDefinitionExpression } from '@nlq/db-drivers';

/** The live definitions with their SQL parts written from the parse tree, and those that cannot be used. */
export interface RenderedDefinitions {
  definitions: KnowledgeDefinition[];
  /** Definition id -> why its SQL is refused (a stored text the save check would refuse now, such as a comment). */
  unusable: Map<string, string>;
}

/**
 * The definitions a question may use, their SQL parts (a metric's `expression` and `filter`, a filter's `condition`,
 * a synonym's `table.column = 'value'` target) replaced by the SQL written from their parse tree
 * (parseDefinitionExpression of @nlq/db-drivers; docs/knowledge.md "At question time"), so that the offline engine,
 * the prompts and the definitions check never see a stored text's comment or anything the parse does not hold. A
 * definition whose part is refused (an older row saved before the check) stays in the list unchanged and is named in
 * `unusable`; a synonym naming a table or column is kept as written. Pure.
 */
export function renderDefinitions(live: readonly KnowledgeDefinition[], dialect: Dialect): RenderedDefinitions {
  const unusable = new Map<string, string>();
  const definitions = live.map((d) => {
    const render = (field: string, text: string): string => {
      const parsed = parseDefinitionExpression(text, dialect);
      if (parsed.ok) return parsed.sql;
      unusable.set(d.id, `${field}: ${parsed.problem}`);
      return text;
    };
    switch (d.kind) {
      case 'metric': {
        const expression = render('expression', d.expression);
        const filter = d.filter ? render('filter', d.filter) : d.filter;
        return { ...d, expression, filter };
      }
      case 'filter':
        return { ...d, condition: render('condition', d.condition) };
      case 'synonym': {
        const parsed = parseDefinitionExpression(d.target, dialect);
        if (!parsed.ok) unusable.set(d.id, `target: ${parsed.problem}`);
        return parsed.ok && parsed.expression?.type === 'binary_expr' ? { ...d, target: parsed.sql } : d;
      }
      default:
        return d;
    }
  });
  return { definitions, unusable };
}
