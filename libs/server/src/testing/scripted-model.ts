// Tests may drive the real provider clients against the providers' scripted wire-protocol server (brief of apps/api).
import { startScriptedModelServer, type ScriptedModelServer, type ScriptedProtocol } from '@nlq/llm-providers/testing';

export type { ScriptedModelServer, ScriptedProtocol };

/**
 * A scripted model server for `protocol` that writes SQL from `sqlFor(question)` (a string wrapped in a ```sql
 * fence, as models reply) and answers from the result table it is shown: "Answer: <first cell of the first row>
 * (<n> rows)." So a test can check that the rows the database returned reached the answer.
 */
export async function startScriptedShopModel(
  protocol: ScriptedProtocol,
  sqlFor: (question: string) => string,
): Promise<ScriptedModelServer> {
  return startScriptedModelServer({
    protocol,
    reply: ({ user }) => {
      if (user.startsWith('Database schema')) {
        const question = /\nQuestion: (.*)\s*$/.exec(user)?.[1]?.trim() ?? '';
        return `Here you go:\n\`\`\`sql\n${sqlFor(question)}\n\`\`\``;
      }
      const rows = user.split('\n').filter((line) => line.startsWith('|'));
      const firstCell = rows[2]?.split('|')[1]?.trim() ?? 'nothing';
      const count = /Result: (\d+)/.exec(user)?.[1] ?? '0';
      return `Answer: ${firstCell} (${count} rows).`;
    },
  });
}

/** Wire-protocol environment for the api: LLM_PROVIDER, LLM_BASE_URL, a dummy key and a model name. */
export function providerEnv(protocol: ScriptedProtocol, server: ScriptedModelServer): Record<string, string> {
  return {
    LLM_PROVIDER: protocol,
    LLM_BASE_URL: server.url,
    LLM_API_KEY: 'test-key-not-secret',
    LLM_MODEL: 'scripted-model',
  };
}
