import { approvalSummary } from './approval-impact';

describe('approvalSummary', () => {
  it('states a count, a failed count, DDL and an unknown entry', () => {
    expect(approvalSummary(1234, 'write')).toBe(
      'This statement would change 1,234 rows (counted before running) and waits for approval.',
    );
    expect(approvalSummary(1, 'write')).toBe(
      'This statement would change 1 row (counted before running) and waits for approval.',
    );
    expect(approvalSummary(null, 'write')).toBe(
      'This statement changes data (the rows could not be counted) and waits for approval.',
    );
    expect(approvalSummary(null, 'ddl')).toBe('This statement changes the database schema and waits for approval.');
    expect(approvalSummary(undefined, undefined)).toBe('This statement changes data and waits for approval.');
  });
});
