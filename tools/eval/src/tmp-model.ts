import { startScriptedModelServer } from '@nlq/llm-providers';
import { writeFileSync } from 'node:fs';
import { loadEvalSet } from './eval-data';
const gold = new Map(loadEvalSet('defog').map((i) => [i.question.trim(), i.goldSql[0]]));
startScriptedModelServer({ protocol: 'openai', reply: ({ system, user }) => {
  if (!/translate a person's question/.test(system)) return 'Answer.';
  const q = /(?:^|\n)Question: (.*)\s*$/.exec(user)?.[1]?.trim() ?? '';
  return '```sql\n' + (gold.get(q) ?? 'SELECT 1') + '\n```';
} }).then((s) => { writeFileSync('/tmp/nlqb/model-url', s.url); setTimeout(() => s.close(), 60000); });
