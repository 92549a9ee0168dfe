import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MediaConsole, startMediaConsole } from '../support/media-console';
import { expectCount, expectText, expectValue, expectVisible } from '../support/page-assertions';
import { REPO_ROOT } from '../support/serve-process';

const SCREENSHOTS = join(REPO_ROOT, 'test-results', 'e2e');
const SAVE_TIMEOUT_MS = 10_000;

describe('role prompts and documents in the console against troupe serve', () => {
  let harness: MediaConsole;
  let page: Page;

  const shot = (name: string, fullPage = true) =>
    page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage });

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    harness = await startMediaConsole({
      curate: (samplesDir) => {
        mkdirSync(join(samplesDir, 'docs'), { recursive: true });
        writeFileSync(join(samplesDir, 'docs', 'House rules.md'), '# House rules\n\n- Be kind.\n');
      },
    });
    ({ page } = harness);
  });

  afterAll(() => harness?.close());

  it('creates a role prompt, saves what is typed into it to disk, and keeps one in use', async () => {
    await page.goto(`${harness.server.origin}/#/documents`);
    const samples = page.getByRole('article', { name: `Config directory ${harness.samplesDir}` });
    await expectVisible(samples);
    await expectText(samples.getByRole('region', { name: 'Role prompts' }), 'used by');

    // A name with a folder in it is refused on the field; a plain one is created and opened.
    await samples.getByRole('button', { name: 'New role prompt in Role prompts' }).click();
    const name = samples.getByRole('textbox', { name: 'Name of the new role prompt' });
    await name.fill('night/owl');
    await expectText(samples.getByRole('form', { name: 'New role prompt' }), 'Use a plain file name');
    expect(await samples.getByRole('button', { name: 'Create' }).isDisabled()).toBe(true);
    await name.fill('Night Owl');
    await samples.getByRole('button', { name: 'Create' }).click();

    const editor = page.getByRole('textbox', { name: 'Text of Night Owl.md' });
    await expectVisible(editor);
    await editor.click();
    await page.keyboard.type('# Night Owl\n\nYou answer best after midnight.\n- Short replies');
    const file = join(harness.samplesDir, 'prompts', 'Night Owl.md');
    await expectText(page.getByRole('status').filter({ hasText: 'Saved' }), 'Saved', SAVE_TIMEOUT_MS);
    expect(readFileSync(file, 'utf8')).toBe(
      '# Night Owl\n\nYou answer best after midnight.\n- Short replies',
    );
    await shot('documents');

    // A change made on disk meanwhile is shown, as nothing was left unsaved.
    writeFileSync(file, '# Night Owl\n\nEdited in another editor.\n');
    await expectText(editor, 'Edited in another editor.', SAVE_TIMEOUT_MS);

    // The shared documents of the directory open the same way.
    await samples.getByRole('button', { name: /^House rules/ }).click();
    await expectText(page.getByRole('textbox', { name: 'Text of House rules.md' }), 'Be kind.');

    // A role prompt an agent uses is not deleted; the agents are named.
    const companion = samples.getByRole('region', { name: 'Role prompts' });
    await companion.getByRole('button', { name: 'Actions for Companion.md' }).click();
    await page.getByRole('menuitem', { name: 'Delete…' }).click();
    await expectText(page.getByRole('dialog'), 'is a role prompt of');
    await page.waitForTimeout(400); // the dialog's opening transition
    await shot('documents-in-use');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    expect(existsSync(join(harness.samplesDir, 'prompts', 'Companion.md'))).toBe(true);

    await page.setViewportSize({ width: 390, height: 844 });
    await samples.getByRole('button', { name: /^Night Owl/ }).click();
    await expectVisible(page.getByRole('textbox', { name: 'Text of Night Owl.md' }));
    await shot('documents-390', false);
  });

  it('keeps the opened document in view when it is picked or created low in the long lists, wide and on a phone', async () => {
    for (let i = 1; i <= 40; i += 1) {
      writeFileSync(
        join(harness.samplesDir, 'docs', `Shelf ${String(i).padStart(2, '0')}.md`),
        `Shelf ${i}\n`,
      );
    }
    const inView = async (name: string) => {
      const box = await page.getByRole('textbox', { name }).boundingBox();
      const height = page.viewportSize()?.height ?? 0;
      return box !== null && box.y >= 0 && box.y + 20 <= height;
    };
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${harness.server.origin}/#/documents`);
    const samples = page.getByRole('article', { name: `Config directory ${harness.samplesDir}` });
    const last = samples.getByRole('button', { name: /^Shelf 40/ });
    await last.scrollIntoViewIfNeeded();
    await last.click();
    await expectVisible(page.getByRole('textbox', { name: 'Text of Shelf 40.md' }));
    await expect.poll(() => inView('Text of Shelf 40.md')).toBe(true);
    await shot('documents-low-1440', false);

    // Created from the foot of the shared documents, it opens in view as well.
    const docs = samples.getByRole('region', { name: 'Shared documents' });
    await docs.getByRole('button', { name: /^New document in/ }).click();
    await samples.getByRole('textbox', { name: 'Name of the new document' }).fill('Shelf 41');
    await samples.getByRole('button', { name: 'Create' }).click();
    await expectVisible(page.getByRole('textbox', { name: 'Text of Shelf 41.md' }));
    await expect.poll(() => inView('Text of Shelf 41.md')).toBe(true);

    await page.setViewportSize({ width: 390, height: 844 });
    const first = samples.getByRole('button', { name: /^Shelf 02/ });
    await first.scrollIntoViewIfNeeded();
    await first.click();
    await expectVisible(page.getByRole('textbox', { name: 'Text of Shelf 02.md' }));
    await expect.poll(() => inView('Text of Shelf 02.md')).toBe(true);
    await shot('documents-low-390', false);

    // An agent's own documents on its tab, alike.
    const agentDocs = join(harness.samplesDir, 'agents', 'Juniper', 'docs');
    mkdirSync(agentDocs, { recursive: true });
    for (let i = 1; i <= 40; i += 1) {
      writeFileSync(join(agentDocs, `Regular ${String(i).padStart(2, '0')}.md`), `Regular ${i}\n`);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${harness.server.origin}/#/agents/Juniper/documents`);
    const lastRegular = page.getByRole('button', { name: /^Regular 40/ });
    await lastRegular.scrollIntoViewIfNeeded();
    await lastRegular.click();
    await expectVisible(page.getByRole('textbox', { name: 'Text of Regular 40.md' }));
    await expect.poll(() => inView('Text of Regular 40.md')).toBe(true);
    await shot('agent-documents-low-1440', false);
  });

  it('edits an agent’s own documents on its Documents tab', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${harness.server.origin}/#/agents/Juniper/documents`);
    await page.getByRole('button', { name: /^New document in/ }).click();
    await page.getByRole('textbox', { name: 'Name of the new document' }).fill('Regulars');
    await page.getByRole('button', { name: 'Create' }).click();
    const editor = page.getByRole('textbox', { name: 'Text of Regulars.md' });
    await editor.click();
    await page.keyboard.type('Pat comes in on Thursdays.');
    const file = join(harness.samplesDir, 'agents', 'Juniper', 'docs', 'Regulars.md');
    await expect
      .poll(() => (existsSync(file) ? readFileSync(file, 'utf8') : ''), { timeout: SAVE_TIMEOUT_MS })
      .toBe('Pat comes in on Thursdays.');
    await shot('agent-documents');
  });

  it('says what rename, move and delete did, closes a moved document on the agent’s tab, and keeps each page to its own documents', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const agentDocs = join(harness.samplesDir, 'agents', 'Juniper', 'docs');
    mkdirSync(agentDocs, { recursive: true });
    writeFileSync(join(agentDocs, 'Visitors.md'), 'Sam drops by on Sundays.\n');
    const toast = (text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });
    await page.goto(`${harness.server.origin}/#/agents/Juniper/documents`);

    // Escape closes the New form, back to its button.
    await page.getByRole('button', { name: /^New document in/ }).click();
    await page.getByRole('textbox', { name: 'Name of the new document' }).fill('Half typed');
    await page.keyboard.press('Escape');
    await expectCount(page.getByRole('form', { name: 'New document' }), 0);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toMatch(/^New document in/);

    // An agent's document left open on its tab is not shown on the Documents page.
    await page.getByRole('button', { name: /^Visitors/ }).click();
    await expectVisible(page.getByRole('textbox', { name: 'Text of Visitors.md' }));
    await page.getByRole('link', { name: 'Documents', exact: true }).click();
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Documents' }));
    await expectText(page.getByRole('main'), 'No document open');
    await expectCount(page.getByRole('textbox', { name: 'Text of Visitors.md' }), 0);

    // Moved to the shared documents, it leaves the agent's tab: list and editor.
    await page.goto(`${harness.server.origin}/#/agents/Juniper/documents`);
    await page.getByRole('button', { name: /^Visitors/ }).click();
    await expectVisible(page.getByRole('textbox', { name: 'Text of Visitors.md' }));
    await page.getByRole('button', { name: 'Actions for Visitors.md' }).click();
    await page.getByRole('menuitem', { name: 'Move to…' }).click();
    // Named in words, the path under it.
    const moveDialog = page.getByRole('dialog', { name: 'Move Visitors.md' });
    await expectText(moveDialog, 'From Juniper’s documents');
    await expectValue(moveDialog.getByRole('combobox', { name: 'Move to' }), 'Shared documents of samples');
    await expectText(moveDialog, `Into ${harness.samplesDir}/docs`);
    await moveDialog.getByRole('combobox', { name: 'Move to' }).click();
    await page
      .getByRole('option', { name: `Shared documents of samples ${harness.samplesDir}/docs` })
      .click();
    await moveDialog.getByRole('button', { name: 'Move', exact: true }).click();
    await expectVisible(toast('Moved Visitors.md to Shared documents of samples.'));
    await expectCount(page.getByRole('button', { name: /^Visitors/ }), 0);
    await expectCount(page.getByRole('textbox', { name: 'Text of Visitors.md' }), 0);
    await expectText(page.getByRole('main'), 'No document open');
    await page.waitForTimeout(400); // the toast's entering transition
    await shot('documents-moved', false);
    expect(existsSync(join(harness.samplesDir, 'docs', 'Visitors.md'))).toBe(true);

    // Renamed, then deleted, on the Documents page: each says so.
    await page.goto(`${harness.server.origin}/#/documents`);
    const samples = page.getByRole('article', { name: `Config directory ${harness.samplesDir}` });
    await samples.getByRole('button', { name: 'Actions for Visitors.md' }).click();
    await page.getByRole('menuitem', { name: 'Rename…' }).click();
    await page.getByRole('dialog').getByRole('textbox', { name: 'New name' }).fill('Guests');
    await page.getByRole('dialog').getByRole('button', { name: 'Rename' }).click();
    await expectVisible(toast('Renamed Visitors.md to Guests.md.'));
    await samples.getByRole('button', { name: 'Actions for Guests.md' }).click();
    await page.getByRole('menuitem', { name: 'Delete…' }).click();
    await expectText(page.getByRole('dialog'), 'Delete Guests.md from Shared documents of samples?');
    await expectText(page.getByRole('dialog'), `In ${harness.samplesDir}/docs`);
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expectVisible(toast('Deleted Guests.md from Shared documents of samples.'));
    await page.waitForTimeout(400);
    await shot('documents-deleted', false);
    expect(existsSync(join(harness.samplesDir, 'docs', 'Guests.md'))).toBe(false);
  });
});
