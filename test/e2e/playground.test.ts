import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSignedInConsole } from '../support/chromium';
import { type FakeLlmServer, startFakeLlmServer } from '../support/fake-llm-server';
import { expectAttribute, expectCount, expectText, expectVisible } from '../support/page-assertions';
import { copyShippedConfig, REPO_ROOT, type ServeProcess, startServe } from '../support/serve-process';

const SCREENSHOTS = join(REPO_ROOT, 'test-results', 'e2e');
const GEMINI_KEY = 'AIza-e2e-playground-key-51d0';
const PERSON_MESSAGE = 'Hi Juniper! Any detective novels in this week?';
const AGENT_REPLY = 'Hello Ada! Two Christies came in on Monday.';
/** The agent's own pacing (Juniper's file: 3 s, then 7 characters a second) plus the LLM round trip. */
const REPLY_TIMEOUT_MS = 45_000;

describe('Playground against troupe serve and a scripted LLM', () => {
  let root: string;
  let llm: FakeLlmServer;
  let server: ServeProcess;
  let browser: Browser;
  let page: Page;

  const shot = (name: string) => page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'troupe-e2e-playground-'));
    const { configPath } = copyShippedConfig(root);
    mkdirSync(SCREENSHOTS, { recursive: true });
    llm = await startFakeLlmServer();
    server = await startServe(['--state', join(root, 'state'), '--config-path', configPath], {
      GOOGLE_GEMINI_BASE_URL: llm.geminiBaseUrl,
    });
    ({ browser, page } = await openSignedInConsole(server.loginUrl));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await llm?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('takes a Gemini key and short engine pacing in Settings', async () => {
    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await page.getByRole('textbox', { name: 'Gemini API key' }).fill(GEMINI_KEY);
    await page.getByRole('button', { name: 'Save Gemini API key' }).click();
    await expectVisible(
      page.getByRole('region', { name: 'Google Gemini' }).getByText('Set', { exact: true }),
    );

    const engine = page.getByRole('form', { name: 'Engine settings' });
    await engine.getByRole('textbox', { name: 'Start typing delay' }).fill('1');
    await engine.getByRole('textbox', { name: 'Typing speed' }).fill('1000');
    await engine.getByRole('button', { name: 'Save engine settings' }).click();
    await expectVisible(page.getByText('Engine settings saved'));
    await expectAttribute(engine.getByRole('button', { name: 'Save engine settings' }), 'disabled', '');

    // The API explains a value out of range under its field.
    await engine.getByRole('textbox', { name: 'LLM concurrency' }).fill('0');
    await engine.getByRole('button', { name: 'Save engine settings' }).click();
    await expectVisible(engine.getByText(/greater than or equal to 1|at least 1|>=\s*1/i));
    await engine.getByRole('button', { name: 'Discard changes' }).click();
  });

  it('creates a direct chat with a simulated person for a sample agent', async () => {
    await page.getByRole('link', { name: 'Playground', exact: true }).click();
    await page
      .getByRole('list', { name: 'Agents' })
      .getByRole('link', { name: /Juniper/ })
      .click();
    await expectVisible(page.getByRole('navigation', { name: 'Chats' }).or(page.getByText('No chats yet')));

    await page.getByRole('button', { name: 'New chat' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New Simulator chat' });
    await dialog.getByRole('textbox', { name: 'First name' }).fill('Ada');
    await dialog.getByRole('textbox', { name: 'Last name' }).fill('Lovelace');
    await dialog.getByRole('textbox', { name: 'Username' }).fill('ada_l');
    await dialog.getByRole('button', { name: 'Create chat' }).click();

    const conversation = page.getByRole('region', { name: 'Conversation' });
    await expectVisible(conversation.getByRole('heading', { level: 2, name: 'Ada Lovelace' }));
    expect(new URL(page.url()).hash).toMatch(/^#\/playground\/Juniper\/-?\d+$/);
    await expectVisible(
      page.getByRole('navigation', { name: 'Chats' }).getByRole('link', { name: /Ada Lovelace/ }),
    );
    await expectVisible(conversation.getByText('No messages yet'));
  });

  it('writes as the person, sees the agent typing, then its scripted reply and the done tasks', async () => {
    llm.replyWith({ tasks: [{ kind: 'send', text: AGENT_REPLY }] });
    llm.setLatency(1_500);
    const conversation = page.getByRole('region', { name: 'Conversation' });
    const composer = conversation.getByRole('textbox', { name: 'Message as Ada Lovelace' });
    await composer.fill(PERSON_MESSAGE);
    await composer.press('Enter');

    const log = conversation.getByRole('log', { name: 'Messages' });
    await expectText(log, PERSON_MESSAGE);
    // The header says what the turn waits for, then that the agent thinks (a slow model here).
    await expectText(conversation, 'Juniper answers once Ada Lovelace stops typing', REPLY_TIMEOUT_MS);
    await shot('playground-waiting-for-partner');
    await expectText(conversation, 'Juniper is thinking…', REPLY_TIMEOUT_MS);
    await shot('playground-thinking');
    await expectVisible(log.getByRole('status', { name: 'Juniper is typing' }), REPLY_TIMEOUT_MS);
    await expectText(conversation, 'Juniper is typing…');
    await shot('playground-typing');

    await expectText(log, AGENT_REPLY, REPLY_TIMEOUT_MS);
    llm.setLatency(0);
    await expectCount(log.getByRole('status', { name: 'Juniper is typing' }), 0, REPLY_TIMEOUT_MS);
    // The agent read the person's message once its turn started.
    await expectVisible(log.getByRole('img', { name: 'Read' }), REPLY_TIMEOUT_MS);

    const inspector = page.getByRole('complementary', { name: 'Inspector' });
    await inspector.getByRole('tab', { name: /Tasks/ }).click();
    const tasks = inspector.getByRole('application', { name: 'Task graph' });
    await expectVisible(tasks.getByRole('article', { name: /^received task .*, Done$/ }));
    await expectVisible(tasks.getByRole('article', { name: /^send task .*, Done$/ }));
    await expectText(tasks, AGENT_REPLY);
    await shot('playground-reply');

    expect(llm.requestCount).toBeGreaterThanOrEqual(1);
    expect(llm.requests[0]?.apiKey).toBe(GEMINI_KEY);
  });

  it('shows the LLM exchange: model, tokens, prompt sections and the raw reply', async () => {
    const inspector = page.getByRole('complementary', { name: 'Inspector' });
    await inspector.getByRole('tab', { name: 'LLM' }).click();
    await expectText(inspector, 'gemini');
    await expectVisible(inspector.getByRole('region', { name: 'System prompt' }));
    await expectText(inspector.getByTestId('raw-reply'), AGENT_REPLY);
    await expectVisible(inspector.getByText('1,200', { exact: true }));
    await shot('playground-exchange');
  });

  it('keeps the conversation after a reload, and looks right in the dark', async () => {
    await page.reload();
    const log = page.getByRole('log', { name: 'Messages' });
    await expectText(log, AGENT_REPLY);
    await page.getByRole('group', { name: 'Color scheme' }).getByRole('button', { name: 'Dark' }).click();
    await expectAttribute(page.locator('html'), 'data-mantine-color-scheme', 'dark');
    await shot('playground-dark');
  });
});
