import type { LlmProvider } from '@nlq/llm-providers';
import { ScriptedLlmProvider } from '../testing/scripted-llm-provider';
import { RetryPolicy } from './retry-policy';

describe('RetryPolicy', () => {
  const fallback: LlmProvider = new ScriptedLlmProvider({ sql: [] });

  it('escalates once to the fallback before spending retries, then retries up to the limit, then stops', async () => {
    let asked = 0;
    const policy = new RetryPolicy({ maxRetries: 2, fallback: async () => (asked++, fallback) });
    expect(await policy.afterFailure({ escalate: true, retry: true })).toEqual({ action: 'escalate', to: fallback });
    expect(policy.attempt).toBe(1);
    expect(await policy.afterFailure({ escalate: true, retry: true })).toEqual({ action: 'retry' });
    expect(await policy.afterFailure({ escalate: true, retry: true })).toEqual({ action: 'retry' });
    expect(policy.retriesUsed).toBe(2);
    expect(policy.attempt).toBe(3);
    expect(await policy.afterFailure({ escalate: true, retry: true })).toEqual({ action: 'stop' });
    expect(asked).toBe(1);
  });

  it('spends the escalation by asking even when no fallback is configured', async () => {
    let asked = 0;
    const policy = new RetryPolicy({ maxRetries: 0, fallback: async () => (asked++, null) });
    expect(await policy.afterFailure({ escalate: true, retry: false })).toEqual({ action: 'stop' });
    expect(await policy.afterFailure({ escalate: true, retry: false })).toEqual({ action: 'stop' });
    expect(asked).toBe(1);
  });

  it('neither escalates nor retries what the failing stage does not allow', async () => {
    let asked = 0;
    const policy = new RetryPolicy({ maxRetries: 3, fallback: async () => (asked++, fallback) });
    expect(await policy.afterFailure({ escalate: false, retry: false })).toEqual({ action: 'stop' });
    expect(await policy.afterFailure({ escalate: false, retry: true })).toEqual({ action: 'retry' });
    expect(asked).toBe(0);
    expect(await policy.afterFailure({ escalate: true, retry: true })).toEqual({ action: 'escalate', to: fallback });
  });

  it('grants each post-check its own re-prompt budget, apart from the retries', async () => {
    const policy = new RetryPolicy({ maxRetries: 1, fallback: async () => null });
    expect(policy.mayReprompt('definitions')).toBe(true);
    policy.reprompt('definitions');
    expect(policy.mayReprompt('definitions')).toBe(false);
    expect(() => policy.reprompt('definitions')).toThrow(/no definitions re-prompt left/);
    expect(policy.retriesUsed).toBe(0);
    expect(await policy.afterFailure({ escalate: false, retry: true })).toEqual({ action: 'retry' });
  });

  it('takes the re-prompt budgets it is given', () => {
    const policy = new RetryPolicy({ maxRetries: 1, fallback: async () => null, reprompts: new Map() });
    expect(policy.mayReprompt('definitions')).toBe(false);
  });
});
