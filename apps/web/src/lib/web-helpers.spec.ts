import { liveUrl } from '../config';
import { toChartPoints } from './chart-data';
import { acceptsPassword, withoutPassword, withPassword } from './connection-url';
import { formatDuration, formatTableCell } from './format';
import { formatSql } from './sql-format';
import { applyStageEvent, type StageState } from './stage-events';

describe('toChartPoints', () => {
  it('maps x as text and y columns as numbers, parsing numeric strings', () => {
    const points = toChartPoints(
      ['country', 'n', 'revenue'],
      [
        ['DE', 42, '1234.50'],
        [null, 3, 'n/a'],
      ],
      { type: 'bar', x: 'country', y: ['n', 'revenue'] },
    );
    expect(points).toEqual([
      { x: 'DE', n: 42, revenue: 1234.5 },
      { x: 'NULL', n: 3, revenue: null },
    ]);
  });
  it('answers [] when the suggested columns are missing', () => {
    expect(toChartPoints(['a'], [[1]], { type: 'line', x: 'missing', y: ['a'] })).toEqual([]);
    expect(toChartPoints(['a'], [[1]], { type: 'bar', x: 'a', y: ['nope'] })).toEqual([]);
  });
});

describe('formatTableCell', () => {
  it('formats result cells for people and keeps NULL visible', () => {
    expect(formatTableCell(1234567, 'orders')).toBe('1,234,567');
    expect(formatTableCell('1234.5', 'total_amount')).toBe('$1,234.50'); // as the answers write money
    expect(formatTableCell('2025-12-31 00:00:00', 'order_date')).toBe('2025-12-31');
    expect(formatTableCell(17, 'customer_id')).toBe('17');
    expect(formatTableCell(null, 'city')).toBe('NULL');
  });
});

describe('connection URL password handling', () => {
  it('puts a percent-encoded password into a server URL', () => {
    expect(withPassword('postgres://report@127.0.0.1:5432/test', 'p@ss:w/rd')).toBe(
      'postgres://report:p%40ss%3Aw%2Frd@127.0.0.1:5432/test',
    );
    expect(new URL(withPassword('mysql://root@localhost/db', 'p@ss')).password).toBe('p%40ss');
  });
  it('leaves file URLs and empty passwords alone, and needs a user name', () => {
    expect(acceptsPassword('sqlite:///data/shop.db')).toBe(false);
    expect(withPassword('sqlite:///data/shop.db', 'x')).toBe('sqlite:///data/shop.db');
    expect(withPassword('postgres://u@h/db', '')).toBe('postgres://u@h/db');
    expect(() => withPassword('postgres://h/db', 'x')).toThrow(/user name/);
  });
  it('drops the redacted password when a URL is edited', () => {
    expect(withoutPassword('postgres://nlq:***@db:5432/wh')).toBe('postgres://nlq@db:5432/wh');
    expect(withoutPassword('sqlite:///x.db')).toBe('sqlite:///x.db');
  });
});

describe('formatSql', () => {
  it('formats for the dialect and keeps unparseable text', () => {
    expect(formatSql('select a, count(*) n from t group by a', 'postgresql')).toBe(
      'SELECT\n  a,\n  count(*) n\nFROM\n  t\nGROUP BY\n  a',
    );
    expect(formatSql('select [a] from t', 'transactsql')).toContain('[a]');
    expect(formatSql('select `a` from t', 'mysql')).toContain('`a`');
    expect(formatSql('this is )( not sql', null)).toBeTruthy();
  });
});

describe('applyStageEvent', () => {
  it('adds running stages in order and finishes them with durations', () => {
    let s: StageState[] = [];
    s = applyStageEvent(s, 'stage.started', { stage: 'intake' });
    s = applyStageEvent(s, 'stage.finished', { stage: 'intake', durationMs: 1.5, outcome: 'ok' });
    s = applyStageEvent(s, 'stage.started', { stage: 'generate' });
    s = applyStageEvent(s, 'answer.ready', { stage: 'generate' });
    s = applyStageEvent(s, 'stage.started', {});
    expect(s).toEqual([
      { stage: 'intake', running: false, durationMs: 1.5, outcome: 'ok' },
      { stage: 'generate', running: true },
    ]);
  });
});

describe('liveUrl and formatDuration', () => {
  it('derives the /ws/live URL from the API base or the page', () => {
    expect(liveUrl('http://localhost:8000', { protocol: 'http:', host: 'localhost:5173' })).toBe(
      'ws://localhost:8000/ws/live',
    );
    expect(liveUrl('https://nlq.example.com/', { protocol: 'http:', host: 'x' })).toBe('wss://nlq.example.com/ws/live');
    expect(liveUrl('', { protocol: 'https:', host: 'nlq.example.com' })).toBe('wss://nlq.example.com/ws/live');
  });
  it('formats durations', () => {
    expect([
      formatDuration(0.42),
      formatDuration(850),
      formatDuration(1240),
      formatDuration(125000),
      formatDuration(null),
    ]).toEqual(['0.4 ms', '850 ms', '1.24 s', '2 min 5 s', '–']);
  });
});
