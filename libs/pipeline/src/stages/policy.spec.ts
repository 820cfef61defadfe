import type { SqlClassification } from '@nlq/contracts';
import { decidePolicy } from './policy';

const c = (kind: SqlClassification['kind'], extra: Partial<SqlClassification> = {}): SqlClassification => ({
  kind,
  tables: [],
  ...extra,
});

describe('policy stage', () => {
  it('runs reads in both modes', () => {
    expect(decidePolicy('user', c('read'))).toEqual({ action: 'run' });
    expect(decidePolicy('admin', c('read'))).toEqual({ action: 'run' });
  });

  it('denies writes and DDL in user mode, saying an admin must run them', () => {
    for (const kind of ['write', 'ddl'] as const) {
      const d = decidePolicy('user', c(kind, { statementType: kind === 'write' ? 'delete' : 'drop' }));
      expect(d.action).toBe('deny');
      expect(d.action === 'deny' && d.error).toMatch(/not allowed in user mode/);
      expect(d.action === 'deny' && d.error).toMatch(/admin must run it/);
    }
  });

  it('holds writes and DDL for approval in admin mode', () => {
    expect(decidePolicy('admin', c('write'))).toEqual({ action: 'hold' });
    expect(decidePolicy('admin', c('ddl'))).toEqual({ action: 'hold' });
  });

  it('denies refused SQL in both modes with the checker reason', () => {
    for (const mode of ['user', 'admin'] as const) {
      const d = decidePolicy(mode, c('refused', { reason: '2 statements found; exactly one is allowed' }));
      expect(d.action === 'deny' && d.error).toMatch(/2 statements found/);
    }
  });
});
