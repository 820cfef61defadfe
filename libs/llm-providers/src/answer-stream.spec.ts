import { collectAnswerStream, streamAnswerReply, visibleAnswerPrefix, type ChatStreamPart } from './answer-stream';
import { ProviderResponseError } from './errors';
import { stripThinking } from './extract-sql';

async function* parts(pieces: string[]): AsyncGenerator<ChatStreamPart> {
  for (const text of pieces) yield { text };
  yield { tokens: { prompt: 3, completion: 4 } };
}

async function streamed(pieces: string[]): Promise<{ deltas: string[]; text: string }> {
  const deltas: string[] = [];
  const result = await collectAnswerStream(streamAnswerReply(parts(pieces), 'Test model'), (d) => deltas.push(d));
  return { deltas, text: result.text };
}

describe('streamed answers', () => {
  it('yields pieces that concatenate to the final (trimmed) text, holding back reasoning blocks', async () => {
    const cases = [
      ['  The ', 'top ', 'customer ', 'is Ada.\n'],
      ['<thi', 'nk>rows: ', 'Ada 1</th', 'ink>', '\nAda ', 'leads ', 'with 1 < 2 ', 'orders.'],
      ['<reasoning kind="x">', 'hidden', '</reasoning>Shown', ' <', 'b>ok'],
      ['Answer first. ', '<think>late ', 'thoughts never closed'],
    ];
    for (const pieces of cases) {
      const { deltas, text } = await streamed(pieces);
      expect(text).toBe(stripThinking(pieces.join('')));
      expect(deltas.join('')).toBe(text);
      expect(deltas.join('')).not.toMatch(/hidden|rows:|thoughts|<\/?th/);
    }
  });

  it('holds back a trailing piece that may still become a reasoning tag, but not other text after <', () => {
    expect(visibleAnswerPrefix('Hello <thi')).toBe('Hello');
    expect(visibleAnswerPrefix('Hello </')).toBe('Hello');
    expect(visibleAnswerPrefix('a < b')).toBe('a < b');
    expect(visibleAnswerPrefix('<think>x</think> y ')).toBe('y');
  });

  it('returns the usage and rejects an answer that holds only reasoning', async () => {
    const result = await collectAnswerStream(streamAnswerReply(parts(['ok']), 'Test model'), () => undefined);
    expect(result).toEqual({ text: 'ok', tokens: { prompt: 3, completion: 4 } });
    await expect(streamed(['<think>only</think>', '  '])).rejects.toThrow(
      new ProviderResponseError('Test model returned an empty answer.'),
    );
  });
});
