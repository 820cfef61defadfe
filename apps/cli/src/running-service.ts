import { UsageError } from './cli-arguments';

/** Where a command that needs a running service sends its requests, from its options and the environment. */
export interface RunningService {
  /** Base URL of the running service (--url or NLQ_URL), without trailing slashes. */
  url: string;
  /** --key or NLQ_API_KEY; null when neither is given. */
  key: string | null;
  /** --connection; null for the service's active connection. */
  connection: string | null;
}

/** `parse()` with its failure (an unknown option, a missing value) as a {@link UsageError}. */
export function withUsageErrors<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/**
 * The running service of `--url`/`--key`/`--connection` (NLQ_URL and NLQ_API_KEY stand in for the first two).
 * @throws UsageError naming `command` when no http(s) URL is given.
 */
export function runningService(
  values: { url?: string; key?: string; connection?: string },
  env: NodeJS.ProcessEnv,
  command: string,
): RunningService {
  const url = (values.url ?? env.NLQ_URL ?? '').replace(/\/+$/, '');
  if (!/^https?:\/\/\S+$/i.test(url))
    throw new UsageError(`${command} needs the URL of a running service (--url or NLQ_URL), http(s)`);
  return { url, key: values.key ?? env.NLQ_API_KEY ?? null, connection: values.connection ?? null };
}
