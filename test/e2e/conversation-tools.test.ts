import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2eConsole, startE2eConsole, startJuniperChat } from '../support/e2e-console';
import type { FakeLlmServer } from '../support/fake-llm-server';
import { expectCount, expectText, expectVisible } from '../support/page-assertions';

const FIRST = 'Hola Juniper, ¿tienes novelas de detectives?';
const SECOND = 'Y también <b>poesía</b>';
const TIMEOUT_MS = 30_000;

describe('conversation tools against troupe serve: task log, translation, download', () => {
  let troupe: E2eConsole;
  let llm: FakeLlmServer;
  let page: Page;

  const shot = (name: string) => troupe.shot(name);
  const conversation = () => page.getByRole('region', { name: 'Conversation' });
  const openTools = async () => {
    await conversation().getByRole('button', { name: 'Conversation tools' }).click();
    const menu = page.getByRole('menu');
    await expectVisible(menu.getByRole('menuitem', { name: /Download/ }));
    // The dropdown fades in; screenshots wait for it to settle.
    await page.waitForTimeout(250);
    return menu;
  };

  beforeAll(async () => {
    troupe = await startE2eConsole('troupe-e2e-conversation-tools-', {
      GEMINI_API_KEY: 'AIza-e2e-conversation-tools',
    });
    ({ llm, page } = troupe);
  });

  afterAll(() => troupe?.close());

  it('shows the task log between the messages of a Playground chat', async () => {
    await startJuniperChat(page, 'Ada');

    const composer = conversation().getByRole('textbox', { name: 'Message as Ada' });
    await composer.fill(FIRST);
    await composer.press('Enter');
    await composer.fill(SECOND);
    await composer.press('Enter');
    const log = conversation().getByRole('log', { name: 'Messages' });
    await expectText(log, SECOND);
    // The agent's turn (a scripted thought, nothing sent) is logged.
    await expect.poll(() => llm.requestCount, { timeout: TIMEOUT_MS }).toBeGreaterThanOrEqual(1);

    await (await openTools()).getByRole('menuitem', { name: 'Show the task log' }).click();
    await expectVisible(log.getByTestId('task-log-row').filter({ hasText: 'received' }).first(), TIMEOUT_MS);
    await expectVisible(
      log.getByTestId('task-log-row').filter({ hasText: 'LLM received' }).first(),
      TIMEOUT_MS,
    );
    await shot('conversation-tools-task-log');
  });

  it('translates the chat with the model, batch by batch, into the operator language', async () => {
    const ids = await conversation()
      .locator('[id^="pg-msg-"]')
      .evaluateAll((nodes) => nodes.map((node) => Number(node.id.replace('pg-msg-', ''))));
    expect(ids).toHaveLength(2);
    llm.replyWith(
      JSON.stringify({
        translations: [
          { id: ids[0], text: 'Hello Juniper, do you have detective novels?' },
          { id: ids[1], text: 'And also <b>poetry</b>' },
        ],
      }),
    );
    await (await openTools()).getByRole('menuitem', { name: 'Translate into English' }).click();
    const log = conversation().getByRole('log', { name: 'Messages' });
    await expectText(log, 'Hello Juniper, do you have detective novels?', TIMEOUT_MS);
    await expectText(log, 'And also <b>poetry</b>');
    await expectCount(log.getByTestId('message-translation'), 2);
    // The call is in the task log too, as a translate call.
    await expectVisible(
      log.getByTestId('task-log-row').filter({ hasText: 'LLM translate' }).first(),
      TIMEOUT_MS,
    );
    await shot('conversation-tools-translated');
    const translation = llm.requests.find((request) => request.systemText.includes('Translate the text'));
    expect(translation?.systemText).toContain('English');
  });

  it('downloads the conversation as a zip with its page', async () => {
    const menu = await openTools();
    await shot('conversation-tools-menu');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      menu.getByRole('menuitem', { name: /Download/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^Juniper-Ada-\d{4}-\d{2}-\d{2}\.zip$/);
    const path = join(troupe.root, 'download.zip');
    await download.saveAs(path);
    const entries = unzipSync(new Uint8Array(readFileSync(path)));
    const html = strFromU8(entries['index.html']!);
    expect(html).toContain('Y también &#60;b&#62;poesía&#60;/b&#62;');
    expect(html).toContain('Hello Juniper, do you have detective novels?');
    expect(html).toContain('class="task');
  });

  it('prints the same page from the console, with the print dialog', async () => {
    await page.evaluate(() => {
      const record = window as unknown as { printed: string | null };
      record.printed = null;
      window.print = () => {
        record.printed = document.querySelector('.tc-print-host')?.shadowRoot?.textContent ?? '';
      };
    });
    await (await openTools()).getByRole('menuitem', { name: 'Print…' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { printed: string | null }).printed), {
        timeout: TIMEOUT_MS,
      })
      .toContain('Hola Juniper, ¿tienes novelas de detectives?');
  });

  it('fits a phone-sized screen', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await expectVisible(conversation().getByRole('button', { name: 'Conversation tools' }));
    // The chat list slides away as the layout turns into the phone's.
    await page.waitForTimeout(500);
    await shot('conversation-tools-390');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await openTools();
    await shot('conversation-tools-390-menu');
    await page.keyboard.press('Escape');
  });
});
