/** State survives a restart: the history lives in the SQLite state store under DATA_DIR. */
import fs from 'node:fs';
import path from 'node:path';
import { call, makeDataDir, removeDataDir, startTestApp } from '../src/testing/test-app';

describe('restart persistence', () => {
  const dataDir = makeDataDir();
  afterAll(() => removeDataDir(dataDir));

  it('keeps session history, feedback and the sample database across a restart on the same DATA_DIR', async () => {
    const first = await startTestApp({ DATA_DIR: dataDir });
    const asked = await call(`${first.url}/query`, {
      body: { question: 'How many customers are there?', user_id: 'carol' },
    });
    expect(asked.body.success).toBe(true);
    await call(`${first.url}/feedback/carol`, { body: { signal: 'negative' } });
    const before = (await call(`${first.url}/session/carol`)).body.history;
    expect(before).toHaveLength(2);
    await first.close();

    expect(fs.existsSync(path.join(dataDir, 'state.db'))).toBe(true);
    const shopMtime = fs.statSync(path.join(dataDir, 'shop.db')).mtimeMs;

    const second = await startTestApp({ DATA_DIR: dataDir });
    try {
      const after = (await call(`${second.url}/session/carol`)).body.history;
      expect(after).toEqual(before);
      expect(fs.statSync(path.join(dataDir, 'shop.db')).mtimeMs).toBe(shopMtime);
      const again = await call(`${second.url}/query`, {
        body: { question: 'How many customers are there?', user_id: 'carol' },
      });
      expect(again.body.response).toBe(asked.body.response);
      expect((await call(`${second.url}/session/carol`)).body.history).toHaveLength(3);
    } finally {
      await second.close();
    }
  });
});
