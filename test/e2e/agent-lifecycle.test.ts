import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSignedInConsole } from '../support/chromium';
import { expectCount, expectText, expectVisible } from '../support/page-assertions';
import { callFromPage } from '../support/serve-api';
import { copyShippedConfig, REPO_ROOT, type ServeProcess, startServe } from '../support/serve-process';

const SCREENSHOTS = join(REPO_ROOT, 'test-results', 'e2e');

describe('creating, renaming and deleting an agent in the console against troupe serve', () => {
  let root: string;
  let samplesDir: string;
  let server: ServeProcess;
  let browser: Browser;
  let page: Page;

  /** A screenshot once the notifications are closed and every dialog has faded in. */
  const shot = async (name: string) => {
    for (const close of await page.locator('.mantine-Notification-root button').all()) await close.click();
    await page.waitForFunction(
      () =>
        document.querySelector('.mantine-Notification-root') === null &&
        [...document.querySelectorAll('.mantine-Modal-content')].every(
          (dialog) => getComputedStyle(dialog).opacity === '1',
        ),
    );
    await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
  };
  const agentsTable = () => page.getByRole('table', { name: 'Agents' });
  /** Opens New agent, once the form holds the shipped DefaultAgent.md's fields. */
  const openNewAgentForm = async () => {
    await page.getByRole('button', { name: 'New agent' }).click();
    const form = page.getByRole('form', { name: 'New agent' });
    await expect
      .poll(() => form.getByRole('textbox', { name: 'Name', exact: true }).inputValue())
      .toBe('New Agent');
    return form;
  };

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'troupe-e2e-lifecycle-'));
    mkdirSync(SCREENSHOTS, { recursive: true });
    const config = copyShippedConfig(root);
    samplesDir = config.samplesDir;
    server = await startServe(['--state', join(root, 'state'), '--config-path', config.configPath]);
    ({ browser, page } = await openSignedInConsole(server.loginUrl));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('creates an agent from the template, lists it and opens its page', async () => {
    const form = await openNewAgentForm();
    await form.getByRole('textbox', { name: 'Config name' }).fill('Wren Song');
    await expectText(form, 'Use letters, digits');
    await form.getByRole('textbox', { name: 'Config name' }).fill('juniper');
    await expectText(form, 'There is already an agent named Juniper.');
    await shot('agent-lifecycle-new');
    await form.getByRole('textbox', { name: 'Config name' }).fill('Wren');
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Wren');
    await form
      .getByRole('textbox', { name: 'Instructions' })
      .fill('You are Wren, a birdwatcher who speaks softly.');

    await form.getByRole('button', { name: 'Create the agent' }).click();
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Wren' }));
    expect(new URL(page.url()).hash).toBe('#/agents/Wren');
    const file = readFileSync(join(samplesDir, 'agents', 'Wren.md'), 'utf8');
    expect(file).toContain('# Agent Name\n\nWren\n');
    expect(file).toContain('You are Wren, a birdwatcher who speaks softly.');
    expect(file).toContain('# Disabled\n');
    await expectText(page.getByRole('main'), 'The agent is disabled, so it can be renamed');
    await shot('agent-lifecycle-created');

    await page.getByRole('link', { name: 'All agents' }).click();
    await expectVisible(agentsTable().getByRole('link', { name: 'Wren' }));
  });

  it('explains why an enabled agent cannot be renamed, moved or deleted', async () => {
    // The samples ship disabled: enable Marnie in her file.
    const { fileVersion } = (await callFromPage(page, 'agents.get', { configName: 'Marnie' })) as {
      fileVersion: string;
    };
    await callFromPage(page, 'agents.update', {
      configName: 'Marnie',
      fileVersion,
      changes: { disabled: false },
    });
    await page.goto(`${server.origin}/#/agents/Marnie`);
    const section = page.getByRole('region', { name: 'Config name and directory' });
    await expectText(section, 'Renaming, moving and deleting need the agent disabled');
    for (const name of ['Rename…', 'Move…', 'Delete…']) {
      expect(await section.getByRole('button', { name }).isDisabled()).toBe(true);
    }
    await section.scrollIntoViewIfNeeded();
    await shot('agent-lifecycle-enabled');
  });

  it('renames the disabled agent and then deletes it after the typed confirmation', async () => {
    await page.goto(`${server.origin}/#/agents/Wren`);
    await page.getByRole('button', { name: 'Rename…' }).click();
    const rename = page.getByRole('form', { name: 'Rename Wren' });
    await rename.getByRole('textbox', { name: 'New config name' }).fill('Wren_Song');
    await shot('agent-lifecycle-rename');
    await rename.getByRole('button', { name: 'Rename' }).click();
    await expect.poll(() => new URL(page.url()).hash).toBe('#/agents/Wren_Song');
    await expectText(page.getByRole('main'), 'Wren_Song');
    expect(existsSync(join(samplesDir, 'agents', 'Wren_Song.md'))).toBe(true);
    expect(existsSync(join(samplesDir, 'agents', 'Wren.md'))).toBe(false);

    await page.getByRole('button', { name: 'Delete…' }).click();
    const remove = page.getByRole('form', { name: 'Delete Wren_Song' });
    const confirm = remove.getByRole('textbox', { name: /to confirm/ });
    await confirm.fill('DELETE Wren');
    expect(await remove.getByRole('button', { name: 'Delete Wren_Song' }).isDisabled()).toBe(true);
    await confirm.fill('DELETE Wren_Song');
    await shot('agent-lifecycle-delete');
    await remove.getByRole('button', { name: 'Delete Wren_Song' }).click();
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Agents' }));
    await expectVisible(agentsTable().getByRole('link', { name: 'Juniper' }));
    await expectCount(agentsTable().getByRole('link', { name: /^Wren/ }), 0);
    expect(existsSync(join(samplesDir, 'agents', 'Wren_Song.md'))).toBe(false);
  });

  it('fits the New agent form on a phone-sized screen', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openNewAgentForm();
    await shot('agent-lifecycle-new-390');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
  });
});
