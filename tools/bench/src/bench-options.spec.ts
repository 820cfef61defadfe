import { BENCH_DEFAULTS, parseBenchOptions } from './bench-options';

describe('parseBenchOptions', () => {
  it('gives the defaults: 10 s, 10 connections, scale 1, 3 rounds, table output', () => {
    expect(parseBenchOptions([])).toEqual({
      duration: 10,
      connections: 10,
      scale: 1,
      rounds: 3,
      engines: ['sqlite'],
      json: false,
      policy: false,
    });
    expect(BENCH_DEFAULTS.duration).toBe(10);
  });

  it('reads both --name value and --name=value', () => {
    expect(
      parseBenchOptions([
        '--duration',
        '5',
        '--connections=4',
        '--scale',
        '0.5',
        '--rounds',
        '5',
        '--engines',
        'sqlite,postgres',
        '--json',
      ]),
    ).toEqual({
      duration: 5,
      connections: 4,
      scale: 0.5,
      rounds: 5,
      engines: ['sqlite', 'postgres'],
      json: true,
      policy: false,
    });
  });

  it('takes --policy', () => {
    expect(parseBenchOptions(['--policy']).policy).toBe(true);
    expect(parseBenchOptions(['--policy', '--json'])).toMatchObject({ policy: true, json: true });
  });

  it('takes --state-db FILE', () => {
    expect(parseBenchOptions(['--state-db', '/tmp/state.db']).stateDb).toBe('/tmp/state.db');
    expect(() => parseBenchOptions(['--state-db'])).toThrow(/--state-db needs a file/);
  });

  it('rejects unknown options, missing values and values out of range', () => {
    expect(() => parseBenchOptions(['--host', 'x'])).toThrow(/unknown option/);
    expect(() => parseBenchOptions(['--duration'])).toThrow(/needs a number/);
    expect(() => parseBenchOptions(['--duration', '0'])).toThrow(/--duration must be/);
    expect(() => parseBenchOptions(['--connections', '2.5'])).toThrow(/--connections must be an integer/);
    expect(() => parseBenchOptions(['--scale', '0'])).toThrow(/--scale must be/);
    expect(() => parseBenchOptions(['--rounds', '0'])).toThrow(/--rounds must be/);
    expect(() => parseBenchOptions(['--engines', 'oracle'])).toThrow(/--engines takes/);
  });
});
