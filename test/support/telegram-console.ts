import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { openSignedInConsole } from './chromium';
import {
  FAKE_API_HASH,
  FAKE_API_ID,
  type FakeTelegram,
  type FakeUser,
  startFakeTelegram,
  troupeServerEnv,
} from './fake-telegram';
import { expectText, expectVisible } from './page-assertions';
import { copyShippedConfig, type ServeProcess, startServe } from './serve-process';

/** The console of `troupe serve` on a fake Telegram, with the sample agent Juniper enabled. */
export interface TelegramConsole {
  telegram: FakeTelegram;
  /** Juniper's Telegram account on the fake, not yet logged in from the console. */
  juniper: FakeUser;
  juniperPhone: string;
  server: ServeProcess;
  browser: Browser;
  page: Page;
  close(): Promise<void>;
}

/**
 * Starts a fake Telegram with Juniper's account on it (`prepare` adds people and chats first),
 * then `troupe serve` pointed at it, and opens the signed-in console in Chromium.
 */
export async function startTelegramConsole(
  prepare: (telegram: FakeTelegram, juniper: FakeUser) => void = () => {},
): Promise<TelegramConsole> {
  const root = mkdtempSync(join(tmpdir(), 'troupe-e2e-telegram-'));
  const { samplesDir, configPath } = copyShippedConfig(root);
  const agentFile = join(samplesDir, 'agents', 'Juniper.md');
  writeFileSync(agentFile, readFileSync(agentFile, 'utf8').replace(/\n# Disabled\n/, '\n'));
  const telegram = await startFakeTelegram({ log: () => {} });
  // The phone the sample agent file names, which the login wizard starts from.
  const juniperPhone = '+15550100001';
  const juniper = telegram.createUser({
    phone: juniperPhone,
    firstName: 'Juniper',
    lastName: 'Hale',
    username: 'juniper_hale',
  });
  prepare(telegram, juniper);
  const server = await startServe(
    ['--state', join(root, 'state'), '--config-path', configPath],
    troupeServerEnv(telegram, root),
  );
  const { browser, page } = await openSignedInConsole(server.loginUrl);
  return {
    telegram,
    juniper,
    juniperPhone,
    server,
    browser,
    page,
    async close() {
      await browser.close();
      await server.stop();
      await telegram.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/**
 * Sets the fake's API id and hash in Settings, then logs Juniper in from her page with her fake
 * account's phone and the code sent.
 */
export async function logInJuniper(page: Page, telegram: FakeTelegram, juniperPhone: string): Promise<void> {
  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  for (const [label, value] of [
    ['Telegram API id', String(FAKE_API_ID)],
    ['Telegram API hash', FAKE_API_HASH],
  ] as const) {
    await page.getByRole('textbox', { name: label }).fill(value);
    await page.getByRole('button', { name: `Save ${label}` }).click();
  }
  await page.getByRole('link', { name: 'Agents', exact: true }).click();
  await page
    .getByRole('link', { name: /Juniper/ })
    .first()
    .click();
  const account = page.getByRole('region', { name: 'Telegram account' });
  await account.getByRole('button', { name: 'Log in' }).click();
  const wizard = page.getByRole('dialog', { name: /Log in/ });
  await wizard.getByRole('textbox', { name: 'Phone number' }).fill(juniperPhone);
  await wizard.getByRole('button', { name: 'Send code' }).click();
  const code = wizard.getByRole('textbox', { name: 'Code' });
  await expectVisible(code);
  await code.fill(telegram.lastCodeFor(juniperPhone) ?? '');
  await wizard.getByRole('button', { name: 'Log in' }).click();
  await expectText(wizard, 'juniper_hale');
  await wizard.getByRole('button', { name: /Done|Close/ }).click();
  await expectText(account, 'Connected', 20_000);
}
