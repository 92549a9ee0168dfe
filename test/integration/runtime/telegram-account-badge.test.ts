import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TelegramAccountView } from '../../../src/shared/domain/telegram';
import { callApi } from '../../support/engine-harness';
import type { FakeUser } from '../../support/fake-telegram';
import { startTelegramRuntimeTestbed, type TelegramRuntimeTestbed } from './telegram-runtime-testbed';

const TEST_TIMEOUT_MS = 40_000;

/** The account the console shows follows what the operator changes on Telegram from the console. */
describe("an agent's account after its profile changes", () => {
  let bed: TelegramRuntimeTestbed;
  let ada: FakeUser;

  beforeEach(async () => {
    bed = await startTelegramRuntimeTestbed({ agents: [{ name: 'Ada', phone: '+15550000001' }] });
    ada = bed.fake.createUser({ phone: '+15550000001', firstName: 'Ada', username: 'ada_agent' });
  });

  afterEach(() => bed.close());

  const accountUser = async () => {
    const { accounts } = (await callApi(bed.runtime, 'telegram.accounts')) as {
      accounts: TelegramAccountView[];
    };
    return accounts.find((view) => view.configName === 'Ada')?.user;
  };

  it('shows the new username and name at once, announced, and keeps them with the session', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    await bed.logIn('Ada', ada);
    expect(await accountUser()).toMatchObject({ name: 'Ada', username: 'ada_agent' });
    const announced: TelegramAccountView[] = [];
    bed.runtime.events.subscribe((name, payload) => {
      if (name === 'telegram.accountChanged') announced.push(payload as TelegramAccountView);
    });

    await callApi(bed.runtime, 'telegram.profile.setUsername', { configName: 'Ada', username: 'ada_books' });
    expect(await accountUser()).toMatchObject({ username: 'ada_books' });
    expect(announced.at(-1)?.user).toMatchObject({ username: 'ada_books' });

    await callApi(bed.runtime, 'telegram.profile.update', {
      configName: 'Ada',
      firstName: 'Ada',
      lastName: 'Byrne',
      bio: '',
    });
    expect(await accountUser()).toMatchObject({ name: 'Ada Byrne', username: 'ada_books' });

    // Reading the profile again changes nothing, so nothing more is announced.
    const count = announced.length;
    await callApi(bed.runtime, 'telegram.profile.get', { configName: 'Ada' });
    expect(announced).toHaveLength(count);

    // Kept with the session: switched off (no connection), the account is still named so.
    await callApi(bed.runtime, 'telegram.setEnabled', { configName: 'Ada', enabled: false });
    expect(await accountUser()).toMatchObject({ name: 'Ada Byrne', username: 'ada_books' });
  });
});
