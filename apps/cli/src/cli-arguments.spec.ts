import { parseMcpArguments, parseRequestArguments, UsageError } from './cli-arguments';

describe('parseRequestArguments', () => {
  it('joins the question words and reads every option, --name=value included', () => {
    expect(
      parseRequestArguments(
        'ask',
        ['How', 'many', 'customers?', '--url=http://h:8000/', '--key', 'k1', '--user', 'ann', '--json'],
        {},
      ),
    ).toEqual({
      text: 'How many customers?',
      url: 'http://h:8000',
      key: 'k1',
      database: null,
      dataDir: null,
      user: 'ann',
      json: true,
      help: false,
    });
    expect(
      parseRequestArguments('ask', ['q', '--database', 'sqlite:///x.db', '--data-dir', '/tmp/d'], {}),
    ).toMatchObject({ url: null, database: 'sqlite:///x.db', dataDir: '/tmp/d' });
  });

  it('takes NLQ_URL and NLQ_API_KEY from the environment, options first', () => {
    expect(parseRequestArguments('ask', ['q'], { NLQ_URL: 'http://svc:8000', NLQ_API_KEY: 'env-key' })).toMatchObject({
      url: 'http://svc:8000',
      key: 'env-key',
    });
    expect(
      parseRequestArguments('ask', ['q', '--key', 'flag'], { NLQ_URL: 'http://svc:8000', NLQ_API_KEY: 'env-key' }),
    ).toMatchObject({ key: 'flag' });
  });

  it.each([
    [['--json'], /needs a question/],
    [['q', '--bogus'], /bogus/],
    [['q', '--url'], /url/],
    [['q', '--url', 'ftp://x'], /http\(s\) URL/],
    [['q', '--url', 'http://x', '--database', 'sqlite:///a.db'], /embedded pipeline/],
    [['q', '--key', 'k'], /give --url too/],
  ])('refuses %j with a UsageError', (argv, message) => {
    expect(() => parseRequestArguments('ask', argv as string[], {})).toThrow(UsageError);
    expect(() => parseRequestArguments('ask', argv as string[], {})).toThrow(message as RegExp);
  });

  it('approve and reject take exactly one session id', () => {
    expect(parseRequestArguments('approve', ['s1'], {})).toMatchObject({ text: 's1' });
    expect(() => parseRequestArguments('reject', [], {})).toThrow(/needs a session id/);
    expect(() => parseRequestArguments('reject', ['a', 'b'], {})).toThrow(/one session id/);
  });
});

describe('parseMcpArguments', () => {
  it('reads where the tools run: --url and --key (or NLQ_URL, NLQ_API_KEY), or the embedded --database and --data-dir', () => {
    expect(parseMcpArguments(['--url', 'https://nlq.example.com/', '--key', 'k1'], {})).toEqual({
      url: 'https://nlq.example.com',
      key: 'k1',
      database: null,
      dataDir: null,
      help: false,
    });
    expect(parseMcpArguments([], { NLQ_URL: 'http://svc:8000', NLQ_API_KEY: 'env-key' })).toMatchObject({
      url: 'http://svc:8000',
      key: 'env-key',
    });
    expect(parseMcpArguments(['--data-dir', '/tmp/d'], {})).toMatchObject({ url: null, dataDir: '/tmp/d' });
    expect(parseMcpArguments(['--help', 'x'], {})).toMatchObject({ help: true });
  });

  it('refuses questions, --user, --json and the rules every command shares', () => {
    expect(() => parseMcpArguments(['How many?'], {})).toThrow(UsageError);
    expect(() => parseMcpArguments(['--user', 'ann'], {})).toThrow(/takes no question, --user or --json/);
    expect(() => parseMcpArguments(['--json'], {})).toThrow(/takes no question/);
    expect(() => parseMcpArguments(['--key', 'k'], {})).toThrow(/give --url too/);
    expect(() => parseMcpArguments(['--url', 'ftp://x'], {})).toThrow(/http\(s\) URL/);
    expect(() => parseMcpArguments(['--url', 'http://x', '--data-dir', 'd'], {})).toThrow(/embedded pipeline/);
    expect(() => parseMcpArguments(['--port', '1'], {})).toThrow(UsageError);
  });
});
