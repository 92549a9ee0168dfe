import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { openSignedInConsole } from './chromium';
import { type FakeLlmServer, startFakeLlmServer } from './fake-llm-server';
import { copyShippedConfig, REPO_ROOT, type ServeProcess, startServe } from './serve-process';

/** Where end-to-end tests save their screenshots. */
export const E2E_SCREENSHOTS = join(REPO_ROOT, 'test-results', 'e2e');

export interface E2eConsole {
  root: string;
  llm: FakeLlmServer;
  server: ServeProcess;
  browser: Browser;
  page: Page;
  /** Saves a screenshot of the page as `<name>.png` under E2E_SCREENSHOTS. */
  shot(name: string): Promise<Buffer>;
  close(): Promise<void>;
}

/**
 * `troupe serve` on a fresh state directory with the shipped samples, its Gemini calls going to
 * a local fake LLM, and Chromium signed in to its console. `env` adds to the server's environment.
 */
export async function startE2eConsole(prefix: string, env: Record<string, string> = {}): Promise<E2eConsole> {
  const root = mkdtempSync(join(tmpdir(), prefix));
  const { configPath } = copyShippedConfig(root);
  mkdirSync(E2E_SCREENSHOTS, { recursive: true });
  const llm = await startFakeLlmServer();
  const server = await startServe(['--state', join(root, 'state'), '--config-path', configPath], {
    GOOGLE_GEMINI_BASE_URL: llm.geminiBaseUrl,
    ...env,
  });
  const { browser, page } = await openSignedInConsole(server.loginUrl);
  return {
    root,
    llm,
    server,
    browser,
    page,
    shot: (name) => page.screenshot({ path: join(E2E_SCREENSHOTS, `${name}.png`) }),
    async close() {
      await browser.close();
      await server.stop();
      await llm.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/**
 * Opens the Playground on the sample agent Juniper, starts a direct chat with a simulated person
 * of that first name, and returns the chat's region once it shows.
 */
export async function startJuniperChat(page: Page, firstName: string) {
  await page.getByRole('link', { name: 'Playground', exact: true }).click();
  await page
    .getByRole('list', { name: 'Agents' })
    .getByRole('link', { name: /Juniper/ })
    .click();
  await page.getByRole('button', { name: 'New chat' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New Simulator chat' });
  await dialog.getByRole('textbox', { name: 'First name' }).fill(firstName);
  await dialog.getByRole('button', { name: 'Create chat' }).click();
  const conversation = page.getByRole('region', { name: 'Conversation' });
  await conversation.getByRole('heading', { level: 2, name: firstName }).waitFor();
  return conversation;
}
