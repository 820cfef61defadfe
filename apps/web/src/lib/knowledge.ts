import type { ChatResponse, KnowledgeDefinition } from '@nlq/contracts';

/** What a definition means, in one cell: a metric's expression (and filter), a filter's condition, a synonym's target, an instruction's text. */
export function definitionMeaning(d: KnowledgeDefinition): string {
  switch (d.kind) {
    case 'metric':
      return d.filter ? `${d.expression} WHERE ${d.filter}` : d.expression;
    case 'filter':
      return d.condition;
    case 'synonym':
      return d.target;
    case 'instruction':
    case 'description':
      return d.text;
    case 'relationship':
      return `${d.from} -> ${d.to}`;
  }
}

/** A definition's name; an instruction has none, so its scope stands in ("instruction (sql)"); a description's target. */
export function definitionName(d: KnowledgeDefinition): string {
  if (d.kind === 'description') return d.target;
  if (d.kind === 'relationship') return `${d.from} -> ${d.to}`;
  return d.kind === 'instruction' ? `instruction (${d.scope})` : d.name;
}

/** A definition version's fields as lines `field: value`, in a fixed order, for a line diff between versions. */
export function definitionLines(d: KnowledgeDefinition): string {
  const fields: Array<[string, string | null | undefined]> =
    d.kind === 'metric'
      ? [
          ['name', d.name],
          ['synonyms', d.synonyms.join(', ')],
          ['description', d.description],
          ['expression', d.expression],
          ['filter', d.filter ?? ''],
        ]
      : d.kind === 'filter'
        ? [
            ['name', d.name],
            ['synonyms', d.synonyms.join(', ')],
            ['description', d.description],
            ['condition', d.condition],
          ]
        : d.kind === 'synonym'
          ? [
              ['name', d.name],
              ['synonyms', d.synonyms.join(', ')],
              ['target', d.target],
            ]
          : d.kind === 'relationship'
            ? [
                ['from', d.from],
                ['to', d.to],
              ]
            : d.kind === 'description'
              ? [
                  ['target', d.target],
                  ['text', d.text],
                ]
              : [
                  ['scope', d.scope],
                  ['text', d.text],
                ];
  const lines = fields.map(([k, v]) => `${k}: ${v ?? ''}`);
  if (d.deleted) lines.push('deleted: yes');
  return lines.join('\n');
}

/** "Definitions used: revenue (v2), good restaurant (v1)" of a chat answer; null when it used none. */
export function definitionsUsed(knowledge: ChatResponse['knowledge']): string | null {
  if (!knowledge || knowledge.length === 0) return null;
  return `Definitions used: ${knowledge.map((k) => `${k.name} (v${k.version})`).join(', ')}`;
}
