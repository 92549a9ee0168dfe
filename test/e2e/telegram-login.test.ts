import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSignedInConsole } from '../support/chromium';
import { type FakeLlmServer, startFakeLlmServer } from '../support/fake-llm-server';
import {
  FAKE_API_HASH,
  FAKE_API_ID,
  type FakeTelegram,
  type FakeUser,
  startFakeTelegram,
  troupeServerEnv,
  waitFor,
} from '../support/fake-telegram';
import { expectCount, expectText, expectVisible } from '../support/page-assertions';
import { copyShippedConfig, REPO_ROOT, type ServeProcess, startServe } from '../support/serve-process';

const SCREENSHOTS = join(REPO_ROOT, 'test-results', 'e2e');
const AGENT_PHONE = '+15550100001';
const TWO_STEP_PASSWORD = 'hearth-and-biscuit';
const PERSON_MESSAGE = 'Hello Juniper, is the shop open on Sunday?';
const AGENT_REPLY = 'Closed on Sundays, I’m afraid. Come by Monday from ten!';
const REPLY_TIMEOUT_MS = 45_000;

/**
 * An operator logs a sample agent in to Telegram through the console wizard (code, then the
 * two-step password) against the fake MTProto server; a person then writes to the agent on that
 * server and the agent answers through the scripted LLM.
 */
describe('Telegram login through the console against a fake MTProto server', () => {
  let root: string;
  let telegram: FakeTelegram;
  let juniper: FakeUser;
  let ada: FakeUser;
  let llm: FakeLlmServer;
  let server: ServeProcess;
  let browser: Browser;
  let page: Page;
  let agentFile: string;

  const shot = (name: string) => page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'troupe-e2e-telegram-'));
    const { samplesDir, configPath } = copyShippedConfig(root);
    // The sample agents ship disabled for Telegram; this one goes live, answering at once.
    agentFile = join(samplesDir, 'agents', 'Juniper.md');
    writeFileSync(
      agentFile,
      readFileSync(agentFile, 'utf8')
        .replace(/\n# Disabled\n/, '\n')
        .replace(/# Start Typing Delay\n\n3/, '# Start Typing Delay\n\n1')
        .replace(/# Typing Speed\n\n7/, '# Typing Speed\n\n1000'),
    );
    mkdirSync(SCREENSHOTS, { recursive: true });

    telegram = await startFakeTelegram({ log: () => {} });
    juniper = telegram.createUser({
      phone: AGENT_PHONE,
      firstName: 'Juniper',
      lastName: 'Hale',
      username: 'juniper_hale',
      password: TWO_STEP_PASSWORD,
      passwordHint: 'the shop and the cat',
    });
    ada = telegram.createUser({ phone: '+15550100077', firstName: 'Ada', username: 'ada_reads' });

    llm = await startFakeLlmServer();
    server = await startServe(['--state', join(root, 'state'), '--config-path', configPath], {
      GOOGLE_GEMINI_BASE_URL: llm.geminiBaseUrl,
      ...troupeServerEnv(telegram, root),
    });
    ({ browser, page } = await openSignedInConsole(server.loginUrl));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await llm?.close();
    await telegram?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('takes the Telegram API id and hash and a Gemini key in Settings', async () => {
    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    for (const [label, value] of [
      ['Telegram API id', String(FAKE_API_ID)],
      ['Telegram API hash', FAKE_API_HASH],
      ['Gemini API key', 'AIza-e2e-telegram-key'],
    ] as const) {
      await page.getByRole('textbox', { name: label }).fill(value);
      await page.getByRole('button', { name: `Save ${label}` }).click();
    }
    const serverSection = page.getByRole('region', { name: /Telegram server/ });
    await expectText(serverSection, `${telegram.host}:${telegram.port}`);
    await serverSection.scrollIntoViewIfNeeded();
    await shot('telegram-settings');
  });

  it('logs Juniper in with the code Telegram sent and then the two-step password', async () => {
    await page.getByRole('link', { name: 'Agents', exact: true }).click();
    await page
      .getByRole('link', { name: /Juniper/ })
      .first()
      .click();
    const account = page.getByRole('region', { name: 'Telegram account' });
    await expectText(account, 'Logged out');
    await account.getByRole('button', { name: 'Log in' }).click();

    const wizard = page.getByRole('dialog', { name: /Log in/ });
    const phone = wizard.getByRole('textbox', { name: 'Phone number' });
    expect(await phone.inputValue()).toBe(AGENT_PHONE);
    await wizard.getByRole('button', { name: 'Send code' }).click();

    const code = wizard.getByRole('textbox', { name: 'Code' });
    await expectVisible(code);
    await code.fill('00000');
    await wizard.getByRole('button', { name: 'Log in' }).click();
    await expectVisible(wizard.getByText(/code.*(wrong|invalid|incorrect)/i));
    await code.fill(telegram.lastCodeFor(AGENT_PHONE) ?? '');
    await wizard.getByRole('button', { name: 'Log in' }).click();

    const password = wizard.getByLabel('Password', { exact: true });
    await expectVisible(password);
    await expectText(wizard, 'the shop and the cat');
    await shot('telegram-login-password');
    await password.fill(TWO_STEP_PASSWORD);
    await wizard.getByRole('button', { name: 'Log in' }).click();
    await expectText(wizard, 'juniper_hale');
    await shot('telegram-login-done');
    await wizard.getByRole('button', { name: /Done|Close/ }).click();
    await expectCount(page.getByRole('dialog'), 0);

    await expectText(account, 'Connected', 20_000);
    await expectText(account, String(juniper.id));
    await shot('telegram-account');
    // The id is written back into the agent file, as the original does.
    await waitFor(
      () => readFileSync(agentFile, 'utf8').includes(String(juniper.id)),
      10_000,
      'the id in the agent file',
    );
  });

  it('answers a person who writes to the agent on Telegram', async () => {
    llm.replyWith({ tasks: [{ kind: 'send', text: AGENT_REPLY }] });
    telegram.userSays(ada.id, juniper.id, PERSON_MESSAGE);
    await waitFor(
      () => telegram.messagesBetween(ada.id, juniper.id).some((message) => message.text === AGENT_REPLY),
      REPLY_TIMEOUT_MS,
      'the agent’s reply on Telegram',
    );
    const seen = telegram.messagesBetween(ada.id, juniper.id).map((message) => message.text);
    expect(seen).toEqual([PERSON_MESSAGE, AGENT_REPLY]);
    expect(llm.requestCount).toBeGreaterThanOrEqual(1);

    await page.getByRole('link', { name: 'Agents', exact: true }).click();
    await expectText(page.getByRole('main'), '@juniper_hale');
    await shot('telegram-agents');
  });

  it('shows the Telegram conversation live on the Conversations page', async () => {
    await page.getByRole('link', { name: 'Conversations', exact: true }).click();
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Conversations' }));
    await page
      .getByRole('navigation', { name: 'Telegram agents' })
      .getByRole('link', { name: /Juniper/ })
      .click();
    await page.getByRole('navigation', { name: 'Chats' }).getByRole('link', { name: /Ada/ }).click();
    const log = page.getByRole('region', { name: 'Conversation' }).getByRole('log', { name: 'Messages' });
    await expectText(log, PERSON_MESSAGE);
    await expectText(log, AGENT_REPLY);

    // A new message arrives live, without a reload.
    llm.replyWith({ tasks: [{ kind: 'send', text: 'See you Monday, Ada!' }] });
    telegram.userSays(ada.id, juniper.id, 'Great, Monday it is.');
    await expectText(log, 'Great, Monday it is.', REPLY_TIMEOUT_MS);
    await expectText(log, 'See you Monday, Ada!', REPLY_TIMEOUT_MS);
    const inspector = page.getByRole('complementary', { name: 'Inspector' });
    await inspector.getByRole('tab', { name: /Tasks/ }).click();
    const graph = inspector.getByRole('application', { name: 'Task graph' });
    await expectVisible(graph.getByRole('article', { name: /^send task .*, Done$/ }));
    await shot('telegram-conversation');
  });

  it('logs a disabled agent in with a QR code scanned on the phone', async () => {
    const marnie = telegram.createUser({ phone: '+15550100002', firstName: 'Marnie', username: 'marnie_m' });
    await page
      .getByRole('link', { name: /Marnie/ })
      .first()
      .click();
    const account = page.getByRole('region', { name: 'Telegram account' });
    await expectVisible(account.getByText('Disabled', { exact: true }));
    await account.getByRole('button', { name: 'Log in' }).click();
    const wizard = page.getByRole('dialog', { name: /Log in/ });
    await wizard.getByRole('button', { name: 'Log in with QR code' }).click();
    await expectVisible(wizard.getByRole('img', { name: 'QR code to scan with the Telegram app' }));
    await shot('telegram-login-qr');

    const token = telegram.lastQrToken();
    if (!token) throw new Error('the fake issued no QR login token');
    telegram.scanQrLogin(token, marnie.id);
    await expectText(wizard, 'marnie_m', 15_000);
    await wizard.getByRole('button', { name: 'Done' }).click();
    // Logged in, but its file says Disabled: it stays off Telegram.
    await expectText(account, String(marnie.id));
    await expectVisible(account.getByText('Disabled', { exact: true }));
    expect(telegram.sessionCount(marnie.id)).toBe(0);
  });
});
