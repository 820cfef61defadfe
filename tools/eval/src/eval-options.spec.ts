import { EVAL_SETS } from './eval-data';
import { parseEvalOptions } from './eval-options';

describe('parseEvalOptions', () => {
  it('defaults to chinook, every question, the offline engine', () => {
    expect(parseEvalOptions([])).toMatchObject({
      sets: ['chinook'],
      limit: null,
      provider: 'offline',
      baseUrl: null,
      model: null,
    });
  });

  it('reads sets, limit and provider settings', () => {
    expect(
      parseEvalOptions([
        '--set',
        'geography,defog',
        '--limit=20',
        '--provider',
        'openai',
        '--base-url',
        'http://127.0.0.1:9/v1',
        '--model',
        'm',
      ]),
    ).toMatchObject({
      sets: ['geography', 'defog'],
      limit: 20,
      provider: 'openai',
      baseUrl: 'http://127.0.0.1:9/v1',
      model: 'm',
    });
    expect(parseEvalOptions(['--set', 'all']).sets).toEqual([...EVAL_SETS]);
  });

  it('rejects unknown sets, providers and options, and a bad limit', () => {
    expect(() => parseEvalOptions(['--set', 'spider'])).toThrow(/unknown set "spider"/);
    expect(() => parseEvalOptions(['--provider', 'gpt'])).toThrow(/unknown provider/);
    expect(() => parseEvalOptions(['--limit', '0'])).toThrow(/--limit must be a positive integer/);
    expect(() => parseEvalOptions(['--fast'])).toThrow(/unknown option/);
  });

  it('reads knowledge files per set, in model mode only', () => {
    expect(parseEvalOptions(['--set', 'defog', '--knowledge', 'defog=k.yaml,chinook=c.yaml']).knowledge).toEqual({
      defog: 'k.yaml',
      chinook: 'c.yaml',
    });
    expect(parseEvalOptions([]).knowledge).toEqual({});
    expect(() => parseEvalOptions(['--knowledge', 'k.yaml'])).toThrow(/--knowledge takes SET=FILE/);
    expect(() => parseEvalOptions(['--knowledge', 'spider=k.yaml'])).toThrow(/unknown set "spider" in --knowledge/);
    expect(() => parseEvalOptions(['--mode', 'oracle', '--knowledge', 'defog=k.yaml'])).toThrow(
      /--knowledge goes with --mode model/,
    );
  });
});
