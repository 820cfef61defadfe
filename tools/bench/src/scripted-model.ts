import { spawn } from 'node:child_process';
import path from 'node:path';
import { CANNOT_ANSWER_MARKER } from '@nlq/llm-providers';
import { startScriptedModelServer, type ScriptedModelServer } from '@nlq/llm-providers/testing';

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

/** A running instant model in a process of its own. */
export interface InstantModelProcess {
  /** Base URL of its OpenAI-protocol endpoint. */
  url: string;
  close(): Promise<void>;
}

/**
 * {@link startInstantModel} in a child process of its own (this file run as a script, the SQL passed as JSON on
 * stdin), so the model's HTTP serving does not share the api's event loop: a real model runs elsewhere, and its
 * cost is not nlq's overhead. Rejects when the child exits before printing its URL.
 */
export function startInstantModelProcess(sqlByQuestion: ReadonlyMap<string, string>): Promise<InstantModelProcess> {
  const child = spawn(process.execPath, ['-r', path.join(__dirname, '..', '..', 'register.js'), __filename], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  child.stdin.end(JSON.stringify([...sqlByQuestion]));
  return new Promise((resolve, reject) => {
    let out = '';
    child.once('exit', (code) => reject(new Error(`the instant model process exited (code ${code}) before listening`)));
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = /^listening (\S+)$/m.exec(out)?.[1];
      if (!url) return;
      child.removeAllListeners('exit');
      resolve({
        url,
        close: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null || child.signalCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
  });
}

if (require.main === module) {
  let input = '';
  process.stdin.on('data', (chunk: Buffer) => (input += chunk.toString()));
  process.stdin.on('end', () => {
    void startInstantModel(new Map(JSON.parse(input) as Array<[string, string]>)).then((server) =>
      process.stdout.write(`listening ${server.url}\n`),
    );
  });
}
