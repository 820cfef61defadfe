import { historyEntry } from './record';

describe('record stage', () => {
  it('fills every history field, with a UUID id and an ISO timestamp', () => {
    const e = historyEntry(
      { kind: 'query', session_id: 's', user_id: 'u', status: 'ok', question: 'q', row_count: 2 },
      Date.UTC(2024, 0, 2, 3, 4, 5),
    );
    expect(e.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(e.created_at).toBe('2024-01-02T03:04:05.000Z');
    expect(e).toMatchObject({
      kind: 'query',
      question: 'q',
      row_count: 2,
      sql: null,
      answer: null,
      rows_affected: null,
      signal: null,
      ref_id: null,
    });
    expect(historyEntry({ kind: 'query', session_id: 's', user_id: 'u', status: 'ok' }, 0).id).not.toBe(e.id);
  });
});
