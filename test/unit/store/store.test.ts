import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATABASE_FILE_NAME, openStore } from '../../../src/main/store';
import { capturingLogger, tempDirsPerTest } from '../../support/helpers';

const tempDir = tempDirsPerTest();

describe('openStore', () => {
  it('commits work across repositories together', () => {
    const { logger } = capturingLogger();
    const file = join(tempDir(), DATABASE_FILE_NAME);
    const store = openStore({ file, logger });
    store.transaction(() => {
      store.agentState.update('Cindy', { telegramId: 42 });
      store.taskLog.append({ agentConfigName: 'Cindy', agentTelegramId: 42, actionKind: 'login' });
    });
    store.close();

    const reopened = openStore({ file, logger });
    expect(reopened.agentState.get('Cindy').telegramId).toBe(42);
    expect(reopened.taskLog.list({ agent: 'Cindy', limit: 5 })).toHaveLength(1);
    reopened.close();
  });

  it('rolls back every repository when the work throws', () => {
    const { logger } = capturingLogger();
    const store = openStore({ file: ':memory:', logger });
    expect(() =>
      store.transaction(() => {
        store.agentState.update('Cindy', { enabled: false });
        store.settings.update({ configPath: ['/agents'] });
        throw new Error('crash midway');
      }),
    ).toThrow('crash midway');
    expect(store.agentState.list()).toEqual([]);
    expect(store.settings.get().configPath).toEqual([]);
    store.close();
  });

  it('logs applied migrations under the store module', () => {
    const { logger, records } = capturingLogger();
    openStore({ file: ':memory:', logger }).close();
    expect(records()).toContainEqual(
      expect.objectContaining({ module: 'store', msg: 'applied migration', version: 1 }),
    );
  });
});
