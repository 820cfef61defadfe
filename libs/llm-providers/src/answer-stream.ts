import { stripThinking } from './extract-sql';
import { interpretAnswerReply } from './prompt';
import type { AnswerResult, AnswerStream, TokenUsage } from './provider';

/** One piece of a streamed chat reply: raw text as the model wrote it, or the usage the server reports at the end. */
export type ChatStreamPart = { text: string } | { tokens: TokenUsage };

/** Names of reasoning blocks held back (the tags stripThinking removes). */
const REASONING_TAGS = ['think', 'thinking', 'reasoning'];

/** True when `tail` (from a `<` to the end of the text so far) may still grow into a reasoning tag, open or close. */
function mayBecomeReasoningTag(tail: string): boolean {
  const lower = tail.toLowerCase();
  const body = lower.startsWith('</') ? lower.slice(2) : lower.slice(1);
  if (REASONING_TAGS.some((tag) => tag.startsWith(body))) return true;
  return /^<\/?(think|thinking|reasoning)\b[^>]*$/i.test(tail);
}

/**
 * The part of a reply received so far that is certain to begin the final answer (`stripThinking(raw)`):
 * complete reasoning blocks removed, text cut at an unclosed reasoning block and at a trailing `<...` that may
 * still become a reasoning tag, leading and trailing whitespace left out (the final answer is trimmed).
 */
export function visibleAnswerPrefix(raw: string): string {
  const lastOpen = raw.lastIndexOf('<');
  const held =
    lastOpen >= 0 && !raw.slice(lastOpen).includes('>') && mayBecomeReasoningTag(raw.slice(lastOpen))
      ? raw.slice(0, lastOpen)
      : raw;
  // stripThinking cuts at an unclosed block and trims, which is exactly the certain prefix of what is held.
  return stripThinking(held);
}

/**
 * Turns a provider's raw streamed reply into an AnswerStream: yields the visible answer text as it arrives (never a
 * `<think>`/`<thinking>`/`<reasoning>` block, nor leading or trailing whitespace), and returns the same AnswerResult
 * as interpretAnswerReply for the whole reply, whose text is the concatenation of the yielded pieces. One caveat:
 * a reply that closes a reasoning block it never opened (`... </think> answer`) is recognised only at the close
 * tag, so text yielded before it was reasoning; the returned text (the authoritative one) leaves it out.
 * @param parts the raw reply pieces and, when the server reports it, the token usage
 * @param providerLabel names the provider in errors
 * @throws ProviderResponseError when the reply holds no answer text; whatever `parts` throws (typed provider errors)
 */
export async function* streamAnswerReply(parts: AsyncIterable<ChatStreamPart>, providerLabel: string): AnswerStream {
  let raw = '';
  let emitted = '';
  let tokens: TokenUsage | null = null;
  for await (const part of parts) {
    if ('tokens' in part) {
      tokens = part.tokens;
      continue;
    }
    if (!part.text) continue;
    raw += part.text;
    const visible = visibleAnswerPrefix(raw);
    if (visible.length > emitted.length && visible.startsWith(emitted)) {
      const delta = visible.slice(emitted.length);
      emitted = visible;
      yield delta;
    }
  }
  const result = interpretAnswerReply(raw, tokens, providerLabel);
  if (result.text.length > emitted.length && result.text.startsWith(emitted)) yield result.text.slice(emitted.length);
  return result;
}

/**
 * Consumes an AnswerStream, calling `onDelta` with each piece of text in order, and resolves with its AnswerResult.
 * @throws whatever the stream throws (typed provider errors); a throwing `onDelta` stops the stream and rejects
 */
export async function collectAnswerStream(
  stream: AnswerStream,
  onDelta: (text: string) => void,
): Promise<AnswerResult> {
  for (;;) {
    const step = await stream.next();
    if (step.done) return step.value;
    onDelta(step.value);
  }
}

/**
 * An idle timeout for a streamed reply whose client has none once the response started (the Stainless SDKs'
 * `timeout` covers the request until its headers): `signal` aborts when `restart` was not called for `timeoutMs`.
 * Call `restart` on each piece received and `stop` when done; `fired` tells a timeout apart from other aborts.
 */
export class StreamIdleTimeout {
  private readonly controller = new AbortController();
  private timer: ReturnType<typeof setTimeout> | null = null;
  fired = false;

  constructor(private readonly timeoutMs: number) {
    this.restart();
  }

  /** Aborts when the stream stays silent for `timeoutMs`; pass it to the SDK call. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** A piece arrived: the silence starts again from now. */
  restart(): void {
    this.stop();
    this.timer = setTimeout(() => {
      this.fired = true;
      this.controller.abort();
    }, this.timeoutMs);
  }

  /** The stream ended (or failed): no more timeout. */
  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
