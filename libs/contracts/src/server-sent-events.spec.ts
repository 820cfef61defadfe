import { ServerSentEventParser } from './server-sent-events';

describe('ServerSentEventParser', () => {
  it('parses events split at any point, with CRLF, CR or LF, comments and multi-line data', () => {
    const stream =
      ': keep-alive\r\n\r\nevent: answer.delta\r\ndata: {"text":"Hi"}\r\n\r\ndata:first\rdata: second\r\rid: 7\nretry: 10\nevent: result\ndata: {}\n\nevent: empty\n\n';
    for (const size of [1, 2, 3, 7, stream.length]) {
      const parser = new ServerSentEventParser();
      const events = [];
      for (let i = 0; i < stream.length; i += size) events.push(...parser.push(stream.slice(i, i + size)));
      expect(events).toEqual([
        { event: 'answer.delta', data: '{"text":"Hi"}' },
        { event: 'message', data: 'first\nsecond' },
        { event: 'result', data: '{}' },
      ]);
    }
  });

  it('keeps an incomplete event until its blank line arrives', () => {
    const parser = new ServerSentEventParser();
    expect(parser.push('event: a\ndata: 1\n')).toEqual([]);
    expect(parser.push('\n')).toEqual([{ event: 'a', data: '1' }]);
  });
});
