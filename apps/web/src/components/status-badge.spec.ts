import { statusTone } from './status-badge';

describe('statusTone', () => {
  it('keeps red for failures and shows a refusal or a question asked back as neutral', () => {
    expect(['ok', 'approved', 'hit', 'positive'].map(statusTone)).toEqual(['good', 'good', 'good', 'good']);
    expect(['error', 'rejected', 'negative', 'interrupted', 'failed'].map(statusTone)).toEqual([
      'bad',
      'bad',
      'bad',
      'bad',
      'bad',
    ]);
    expect(['pending_approval', 'pending', 'executing', 'check_this'].map(statusTone)).toEqual([
      'warn',
      'warn',
      'warn',
      'warn',
    ]);
    expect(['refused', 'clarification', 'miss'].map(statusTone)).toEqual(['neutral', 'neutral', 'neutral']);
  });
});
