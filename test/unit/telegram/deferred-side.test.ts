import { describe, expect, it } from 'vitest';
import { systemClock } from '../../../src/main/clock';
import { createLogger } from '../../../src/main/logging';
import { MessagingError } from '../../../src/main/messaging/port';
import { DeferredAccountDesk } from '../../../src/main/telegram/on-demand/deferred-desk';
import { DeferredTelegramPort } from '../../../src/main/telegram/on-demand/deferred-port';
import { TelegramLoader } from '../../../src/main/telegram/on-demand/telegram-loader';
import type { TelegramSideDeps } from '../../../src/main/telegram/on-demand/telegram-side';

/** A loader nothing has asked to load: the deps are only read by a load. */
function unloadedLoader(): TelegramLoader {
  const logger = createLogger({ level: 'silent' });
  return new TelegramLoader({ logger, clock: systemClock } as TelegramSideDeps);
}

describe('the Telegram side before any account was wanted', () => {
  it('answers port and desk calls as for an agent not connected, without loading GramJS', async () => {
    const loader = unloadedLoader();
    const port = new DeferredTelegramPort(loader, createLogger({ level: 'silent' }));
    const desk = new DeferredAccountDesk(loader);

    const history = port.fetchHistory('Ada', 5001, { limit: 10 });
    await expect(history).rejects.toThrow(MessagingError);
    await expect(history).rejects.toThrow('Ada is not connected to Telegram.');
    await expect(desk.ownProfile('Ada')).rejects.toThrow('Ada is not connected to Telegram.');
    expect(loader.loaded()).toBeNull();
    expect(loader.loading()).toBeNull();
  });
});
