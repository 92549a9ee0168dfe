import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/chromium';
import {
  expectAttribute,
  expectCount,
  expectText,
  expectValue,
  expectVisible,
} from '../support/page-assertions';
import { REPO_ROOT, type ServeProcess, startServe } from '../support/serve-process';

const SCREENSHOTS = join(REPO_ROOT, 'test-results', 'e2e');
const SECRET = 'AIza-e2e-plaintext-canary-7f3c';

function filesUnder(dir: string): string[] {
  return (readdirSync(dir, { recursive: true }) as string[])
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isFile());
}

describe('console against troupe serve', () => {
  let root: string;
  let stateDir: string;
  let samplesDir: string;
  let server: ServeProcess;
  let browser: Browser;
  let page: Page;

  const shot = (name: string) => page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'troupe-e2e-'));
    stateDir = join(root, 'state');
    samplesDir = join(root, 'samples');
    cpSync(join(REPO_ROOT, 'samples'), samplesDir, { recursive: true });
    const configdir = join(root, 'configdir');
    cpSync(join(REPO_ROOT, 'configdir'), configdir, { recursive: true });
    mkdirSync(SCREENSHOTS, { recursive: true });
    server = await startServe(['--state', stateDir, '--config-path', `${samplesDir}:${configdir}`]);
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1360, height: 900 } });
    await page.goto(server.loginUrl);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('signs in with the one-time link and lists the sample agents', async () => {
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Agents' }));
    expect(new URL(page.url()).searchParams.has('token')).toBe(false);
    const table = page.getByRole('table', { name: 'Agents' });
    for (const name of ['Juniper', 'Lantern Keeper', 'Marnie']) {
      await expectVisible(table.getByRole('link', { name }));
    }
    await expectVisible(page.getByText('No configuration problems'));
    await shot('agents');
  });

  it('filters the list by search', async () => {
    await page.getByRole('textbox', { name: 'Search agents' }).fill('narrator');
    const table = page.getByRole('table', { name: 'Agents' });
    await expectVisible(table.getByRole('link', { name: 'Lantern Keeper' }));
    await expectCount(table.getByRole('link', { name: 'Marnie' }), 0);
    await page.getByRole('textbox', { name: 'Search agents' }).fill('');
  });

  it("shows an agent's parsed fields, instructions and role prompts", async () => {
    await page.getByRole('link', { name: 'Juniper' }).click();
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Juniper' }));
    await expectText(page.getByRole('region', { name: 'Identity' }), '+15550100001');
    await expectText(page.getByRole('region', { name: 'Behaviour' }), 'Europe/Dublin');
    const prompts = page.getByRole('region', { name: 'Role prompts' });
    await expectText(prompts, 'Companion');
    await expectText(prompts, samplesDir);
    await expectText(page.getByRole('region', { name: 'Instructions' }), 'bookshop');
    await shot('agent-detail');
  });

  it('shows a broken agent file live, located by file and line', async () => {
    await page.getByRole('link', { name: 'Agents', exact: true }).click();
    writeFileSync(join(samplesDir, 'agents', 'Nameless.md'), '# Agent Phone\n\n+15550100999\n');
    const problems = page.getByRole('region', { name: 'Configuration problems' });
    await expectText(problems, '2 errors', 15_000);
    await problems.getByRole('button', { name: 'Show' }).click();
    await expectText(problems, 'Nameless.md');
    await expectText(problems, 'Agent Name');
    await shot('agents-with-problem');
    rmSync(join(samplesDir, 'agents', 'Nameless.md'));
    await expectVisible(page.getByText('No configuration problems'), 15_000);
  });

  it('keeps a secret write-only: set in Settings, still set after a reload, never stored in plaintext', async () => {
    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    const gemini = page.getByRole('region', { name: 'Google Gemini' });
    await expectVisible(gemini.getByText('Not set', { exact: true }));
    await page.getByRole('textbox', { name: 'Gemini API key' }).fill(SECRET);
    await page.getByRole('button', { name: 'Save Gemini API key' }).click();
    await expectVisible(gemini.getByText('Set', { exact: true }));
    await expectValue(page.getByRole('textbox', { name: 'Gemini API key' }), '');

    await page.reload();
    await expectVisible(
      page.getByRole('region', { name: 'Google Gemini' }).getByText('Set', { exact: true }),
    );
    expect(await page.content()).not.toContain(SECRET);
    await shot('settings');

    for (const file of filesUnder(stateDir)) {
      expect(readFileSync(file).includes(SECRET), `${file} holds the secret in plaintext`).toBe(false);
    }
    expect(server.output()).not.toContain(SECRET);

    // Blanks are no key, and the Telegram API id is a number: neither can be saved.
    await page.getByRole('textbox', { name: 'Gemini API key' }).fill('   ');
    expect(await page.getByRole('button', { name: 'Save Gemini API key' }).isDisabled()).toBe(true);
    const apiId = page.getByRole('textbox', { name: 'Telegram API id' });
    await apiId.fill('my-app');
    await expectText(page.getByRole('region', { name: 'Telegram' }), 'The API id is a number');
    expect(await page.getByRole('button', { name: 'Save Telegram API id' }).isDisabled()).toBe(true);
    await apiId.fill('12345');
    await page.getByRole('button', { name: 'Save Telegram API id' }).click();
    await expectValue(apiId, '');
    await expectText(page.getByRole('region', { name: 'Telegram' }), 'Updated');
  });

  it('says on its row which config directory cannot be one, and saves nothing', async () => {
    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    const configuration = page.getByRole('region', { name: 'Configuration' });
    await configuration.getByRole('button', { name: 'Add directory' }).click();
    await configuration.getByRole('button', { name: 'Add directory' }).click();
    await configuration.getByRole('button', { name: 'Add directory' }).click();
    // The blank second row is dropped on save; the third row's problem stays on the third row.
    await configuration.getByRole('textbox', { name: 'Config directory 1' }).fill(samplesDir);
    await configuration.getByRole('textbox', { name: 'Config directory 3' }).fill('relative/agents');
    await configuration.getByRole('button', { name: 'Save config path' }).click();
    await expectText(configuration, 'Write the whole path, from the root');
    const third = configuration.getByRole('textbox', { name: 'Config directory 3' });
    await expectAttribute(third, 'aria-invalid', 'true');
    expect(
      await configuration.getByRole('textbox', { name: 'Config directory 1' }).getAttribute('aria-invalid'),
    ).not.toBe('true');
    await shot('settings-config-path-refused');
    await configuration.getByRole('button', { name: 'Discard changes' }).click();
  });

  it('fits a phone-sized screen: the agents as cards, nothing wider than the screen', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await page.goto(`${server.origin}/#/agents`);
      const cards = page.getByRole('list', { name: 'Agents' });
      await expectVisible(cards.getByRole('link', { name: /Juniper/ }));
      await expectCount(page.getByRole('table', { name: 'Agents' }), 0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await shot('agents-390');
      await cards.getByRole('link', { name: /Marnie/ }).click();
      await expectVisible(page.getByRole('heading', { level: 1, name: 'Marnie' }));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await shot('agent-detail-390');
    } finally {
      await page.setViewportSize({ width: 1360, height: 900 });
    }
  });

  it('switches to the dark theme', async () => {
    await page.getByRole('link', { name: 'Agents', exact: true }).click();
    await page.getByRole('group', { name: 'Color scheme' }).getByRole('button', { name: 'Dark' }).click();
    await expectAttribute(page.locator('html'), 'data-mantine-color-scheme', 'dark');
    await shot('agents-dark');
  });
});
