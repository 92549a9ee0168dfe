import { truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2eConsole, startE2eConsole, startJuniperChat } from '../support/e2e-console';
import { expectCount, expectText, expectVisible } from '../support/page-assertions';

const PHISHING =
  'Your card is blocked! Sign in at [https://bank.com](https://evil.example/login) today, or read [our notes](https://example.org/notes).';
const DIALOG = 'This link goes somewhere else';

/** Waits until what `locator` shows has stopped moving or fading (a collapse, a tooltip), for a screenshot. */
async function settled(locator: Locator): Promise<void> {
  await expect
    .poll(() => locator.evaluate((element) => element.getAnimations({ subtree: true }).length))
    .toBe(0);
}

describe('a huge agent file and a deceptive chat link, against troupe serve', () => {
  let troupe: E2eConsole;
  let page: Page;

  beforeAll(async () => {
    troupe = await startE2eConsole('troupe-e2e-chat-links-');
    page = troupe.page;
    // The sites the links lead to, answered here: the test needs no network.
    await page
      .context()
      .route(/^https:\/\/(evil\.example|example\.org)\//, (route) =>
        route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Elsewhere</title>' }),
      );
  });

  afterAll(() => troupe?.close());

  it('names a 600 MB agent file among the problems and goes on listing the other agents', async () => {
    // 600 MB without writing them: the file is sparse.
    const huge = join(troupe.root, 'samples', 'agents', 'Huge.md');
    writeFileSync(huge, '# Agent Name\n\nHuge\n');
    truncateSync(huge, 600 * 1024 * 1024);

    const problems = page.getByRole('region', { name: 'Configuration problems' });
    await expectText(problems, '1 error', 15_000);
    await problems.getByRole('button', { name: 'Show' }).click();
    await expectText(problems, 'Huge.md is 600 MB, over the 1 MB limit');
    await settled(problems);
    const table = page.getByRole('table', { name: 'Agents' });
    await expectVisible(table.getByRole('link', { name: 'Juniper' }));
    await expectCount(table.getByRole('link', { name: 'Huge' }), 0);
    await troupe.shot('config-oversized-agent');
  });

  it("shows a link's real address on hover and asks before opening one whose text names another site", async () => {
    const conversation = await startJuniperChat(page, 'Mallory');
    const composer = conversation.getByRole('textbox', { name: 'Message as Mallory' });
    await composer.fill(PHISHING);
    await composer.press('Enter');

    const log = conversation.getByRole('log', { name: 'Messages' });
    const deceptive = log.getByRole('link', { name: 'https://bank.com' });
    await expectVisible(deceptive);
    await deceptive.hover();
    await expectText(page.getByRole('tooltip'), 'https://evil.example/login');
    await settled(page.getByRole('tooltip'));
    await troupe.shot('chat-link-hover');

    await deceptive.click();
    const ask = page.getByRole('dialog', { name: DIALOG });
    await expectText(ask, 'Its text says https://bank.com, but it opens evil.example');
    await expectText(ask, 'https://evil.example/login');
    // The dialog fades in: the screenshot waits until it is fully drawn.
    await expect
      .poll(() =>
        ask.evaluate((dialog) => getComputedStyle(dialog.closest('.mantine-Modal-inner') ?? dialog).opacity),
      )
      .toBe('1');
    await expectCount(page.getByRole('tooltip'), 0);
    await troupe.shot('chat-link-confirm');
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expectCount(ask, 0);
    expect(page.context().pages()).toHaveLength(1);

    await deceptive.click();
    const [opened] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('dialog', { name: DIALOG }).getByRole('link', { name: 'Open evil.example' }).click(),
    ]);
    await opened.waitForLoadState();
    expect(opened.url()).toBe('https://evil.example/login');
    await opened.close();
  });

  it('opens a link whose text is plain words at once, in a new tab', async () => {
    const notes = page.getByRole('log', { name: 'Messages' }).getByRole('link', { name: 'our notes' });
    await notes.hover();
    await expectText(page.getByRole('tooltip'), 'https://example.org/notes');
    const [opened] = await Promise.all([page.waitForEvent('popup'), notes.click()]);
    await opened.waitForLoadState();
    expect(opened.url()).toBe('https://example.org/notes');
    await opened.close();
    await expectCount(page.getByRole('dialog'), 0);
  });
});
