import { DatabaseError } from '@nlq/db-drivers';
import { decideCorrection, exhaustedMessage } from './correct';

describe('correct stage', () => {
  it('sends a database error back to generation with the SQL and the engine text while retries remain', () => {
    const d = decideCorrection(new DatabaseError('syntax', 'no such column: nme'), 'SELECT nme FROM t', 0, 3);
    expect(d).toEqual({ action: 'retry', previousAttempt: { sql: 'SELECT nme FROM t', error: 'no such column: nme' } });
    expect(decideCorrection(new DatabaseError('other', 'division by zero'), 'SELECT 1/0', 2, 3).action).toBe('retry');
  });

  it('fails with the last error once every retry is used', () => {
    const d = decideCorrection(new DatabaseError('syntax', 'no such column: nme'), 'SELECT nme FROM t', 3, 3);
    expect(d.action).toBe('fail');
    expect(d.action === 'fail' && d.error).toBe(exhaustedMessage(3, 'no such column: nme'));
    expect(exhaustedMessage(3, 'x')).toMatch(/after 4 attempts; last error: x/);
  });

  it('does not retry connection or timeout errors, and refuses a read-only violation', () => {
    const conn = decideCorrection(new DatabaseError('connection', 'ECONNREFUSED'), 'SELECT 1', 0, 3);
    expect(conn.action === 'fail' && conn.error).toMatch(/could not be reached/);
    const slow = decideCorrection(new DatabaseError('timeout', 'canceling statement'), 'SELECT 1', 0, 3);
    expect(slow.action === 'fail' && slow.error).toMatch(/took too long/);
    const ro = decideCorrection(new DatabaseError('read_only', 'read-only transaction'), 'DELETE FROM t', 0, 3);
    expect(ro).toMatchObject({ action: 'fail', status: 'refused' });
  });
});
