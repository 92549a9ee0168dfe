import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { openSignedInConsole } from './chromium';
import { type FakeLlmServer, type FakeLlmServerOptions, startFakeLlmServer } from './fake-llm-server';
import { callFromPage } from './serve-api';
import { copyShippedConfig, type ServeProcess, startServe } from './serve-process';

export interface MediaConsole {
  /** The copied samples directory: the first config directory. */
  samplesDir: string;
  llm: FakeLlmServer;
  server: ServeProcess;
  browser: Browser;
  page: Page;
  /** Stops it all and removes the copies. */
  close(): Promise<void>;
}

/**
 * `troupe serve` on a copy of the shipped config with curated media written into its samples
 * directory, its media model (Gemini, with a key) answered by a fake LLM server that has the
 * agents answer nothing, and a Chromium signed in to its console.
 */
export async function startMediaConsole(options: {
  curate: (samplesDir: string) => void;
  llm?: FakeLlmServerOptions;
}): Promise<MediaConsole> {
  const root = mkdtempSync(join(tmpdir(), 'troupe-e2e-media-'));
  const shipped = copyShippedConfig(root);
  options.curate(shipped.samplesDir);
  const llm = await startFakeLlmServer({ defaultReply: { tasks: [] }, ...options.llm });
  const server = await startServe(['--state', join(root, 'state'), '--config-path', shipped.configPath], {
    GOOGLE_GEMINI_BASE_URL: llm.geminiBaseUrl,
  });
  const { browser, page } = await openSignedInConsole(server.loginUrl);
  await callFromPage(page, 'secrets.set', { name: 'gemini.apiKey', value: 'AIza-e2e-media-key' });
  return {
    samplesDir: shipped.samplesDir,
    llm,
    server,
    browser,
    page,
    async close() {
      await browser.close();
      await server.stop();
      await llm.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** A media record or library item on the page, by its unique id (its article is named "…, <id>"). */
export function mediaArticle(page: Page, uniqueId: string): Locator {
  return page.getByRole('article', { name: new RegExp(`, ${uniqueId}$`) });
}
