import { existsSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';

const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];

/** The system Chromium the end-to-end tests drive: $TROUPE_CHROMIUM, else the usual install paths. */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string {
  const configured = env.TROUPE_CHROMIUM;
  if (configured) {
    if (!existsSync(configured))
      throw new Error(`TROUPE_CHROMIUM points to ${configured}, which does not exist.`);
    return configured;
  }
  const found = CANDIDATES.find((path) => existsSync(path));
  if (!found) {
    throw new Error(
      'No Chromium found for the end-to-end tests. Install it (Debian/Ubuntu: `apt-get install chromium`) ' +
        'or set TROUPE_CHROMIUM to the browser executable.',
    );
  }
  return found;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: findChromium(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** A browser signed in to `troupe serve` through its one-time link, on the Agents page. */
export async function openSignedInConsole(loginUrl: string): Promise<{ browser: Browser; page: Page }> {
  const browser = await launchChromium();
  const page = await browser.newPage({ viewport: { width: 1360, height: 900 }, colorScheme: 'light' });
  await page.goto(loginUrl);
  await page.getByRole('heading', { level: 1, name: 'Agents' }).waitFor({ state: 'visible' });
  return { browser, page };
}
