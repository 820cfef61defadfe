import { runStartedBy } from './run-trigger';

describe('what started a benchmark run', () => {
  it('names a request, a change and a schedule, and marks a late scheduled run', () => {
    expect(runStartedBy({ trigger: 'request', late: false })).toBe('Run now');
    expect(runStartedBy({ trigger: 'change', late: false })).toBe('After a change');
    expect(runStartedBy({ trigger: 'schedule', late: false })).toBe('Schedule');
    expect(runStartedBy({ trigger: 'schedule', late: true })).toBe('Schedule (late)');
  });
});
