import { CANNOT_ANSWER_MARKER, startScriptedModelServer, type ScriptedModelServer } from '@nlq/llm-providers';

/** The fixed plain-words answer the scripted model gives to every answer-writing prompt. */
export const SCRIPTED_ANSWER = 'Here is what the data shows.';

/**
 * An instant OpenAI-protocol model (startScriptedModelServer of @nlq/llm-providers, no delay) that answers an
 * SQL-writing prompt with the SQL given for its question (the prompt's last `Question: ...` line, see
 * buildSqlPrompt) in a ```sql fence, and any other prompt (the answer writer's) with {@link SCRIPTED_ANSWER}.
 * A question it was not given is answered with the provider's "cannot answer" reply.
 */
export function startInstantModel(sqlByQuestion: ReadonlyMap<string, string>): Promise<ScriptedModelServer> {
  return startScriptedModelServer({
    protocol: 'openai',
    delayMs: 0,
    reply: ({ system, user }) => {
      if (!/translate a person's question into one/i.test(system)) return SCRIPTED_ANSWER;
      const asked = /(?:^|\n)Question: (.*)\s*$/.exec(user)?.[1]?.trim() ?? '';
      const sql = sqlByQuestion.get(asked);
      return sql ? `\`\`\`sql\n${sql}\n\`\`\`` : `${CANNOT_ANSWER_MARKER}: the benchmark has no SQL for this question`;
    },
  });
}
