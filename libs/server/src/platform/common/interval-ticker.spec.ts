import { IntervalTicker } from './interval-ticker';

describe('a job that runs every interval, one run at a time', () => {
  it('joins the run in progress, logs a failure as 0, and does nothing once stopped', async () => {
    let runs = 0;
    let release: () => void = () => undefined;
    const errors: unknown[] = [];
    const ticker = new IntervalTicker(
      async () => {
        runs++;
        if (runs === 2) throw new Error('state store down');
        await new Promise<void>((resolve) => (release = resolve));
        return 3;
      },
      (error) => errors.push(error),
    );
    const first = ticker.tick();
    const joined = ticker.tick();
    expect(joined).toBe(first);
    release();
    expect(await first).toBe(3);
    expect(await ticker.tick()).toBe(0);
    expect(errors).toHaveLength(1);
    const third = ticker.tick();
    const stopped = ticker.stop();
    expect(ticker.stopping).toBe(true);
    release();
    await stopped;
    expect(await third).toBe(3);
    expect(await ticker.tick()).toBe(0);
    expect(runs).toBe(3);
  });
});
