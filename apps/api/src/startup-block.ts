/**
 * Where the service key of the web app and /api comes from at this start (libs/server ApiKeyService):
 * - `generated`: created now (first start without SERVICE_API_KEY); the only time the key itself is printed;
 * - `file`: generated on an earlier start and read back from `file` (DATA_DIR/service-api-key);
 * - `setting`: the SERVICE_API_KEY setting; never printed (whoever set it has it).
 */
export type ServiceKeySource =
  { kind: 'generated'; key: string; file: string } | { kind: 'file'; file: string } | { kind: 'setting' };

/** What the startup block states. */
export interface StartupFacts {
  /** Base URL the api listens on, e.g. `http://127.0.0.1:8000` (no trailing slash). */
  url: string;
  mode: 'user' | 'admin';
  key: ServiceKeySource;
}

const RULE = '─'.repeat(72);

/** What each SERVICE_MODE lets questions do (docs/architecture.md step 8). */
const MODE_WORDS: Record<StartupFacts['mode'], string> = {
  user: 'user: questions run reads only',
  admin: 'admin: reads run, writes wait for approval',
};

/**
 * The block main.ts prints on stdout once the api listens, after every startup log line: the URL
 * of the web app and of /docs, the mode, and where the service key is: the key itself only on the start that
 * generated it; afterwards the file that keeps it; with SERVICE_API_KEY, that setting. Its first line keeps the
 * form `nlq api listening on <url> (` that scripts and tests wait for. Plain text (no colors), ends with a newline.
 */
export function startupBlock(facts: StartupFacts): string {
  const { url, mode, key } = facts;
  const keyLines =
    key.kind === 'generated'
      ? [key.key, `new: generated on this first start and kept in ${key.file}; the web app asks for it once`]
      : key.kind === 'file'
        ? [`kept in ${key.file}`, `(not printed again: run  cat ${quoteForShell(key.file)}  to see it)`]
        : ['the value of the SERVICE_API_KEY setting (not printed)'];
  const lines = [
    `nlq api listening on ${url} (${MODE_WORDS[mode]})`,
    '',
    `Web app    ${url}/`,
    `API docs   ${url}/docs`,
    `API key    ${keyLines[0]}`,
    ...keyLines.slice(1).map((line) => `           ${line}`),
  ];
  return ['', RULE, ...lines.map((line) => (line ? `  ${line}` : '')), RULE, ''].join('\n') + '\n';
}

/** `path` as one shell word: unchanged when it holds only safe characters, else in single quotes. */
function quoteForShell(path: string): string {
  return /^[\w@%+=:,./-]+$/.test(path) ? path : `'${path.replace(/'/g, `'\\''`)}'`;
}
