import type { Locator } from 'playwright-core';
import { expect } from 'vitest';

// playwright-core has no assertion library; these wait the way Playwright's web-first
// assertions do, on top of vitest's expect.poll.

const DEFAULT_TIMEOUT_MS = 10_000;

export async function expectVisible(locator: Locator, timeout = DEFAULT_TIMEOUT_MS): Promise<void> {
  await locator.first().waitFor({ state: 'visible', timeout });
}

export async function expectText(
  locator: Locator,
  text: string,
  timeout = DEFAULT_TIMEOUT_MS,
): Promise<void> {
  await expect
    .poll(async () => ((await locator.count()) > 0 ? locator.first().innerText() : ''), { timeout })
    .toContain(text);
}

export async function expectCount(
  locator: Locator,
  count: number,
  timeout = DEFAULT_TIMEOUT_MS,
): Promise<void> {
  await expect.poll(() => locator.count(), { timeout }).toBe(count);
}

export async function expectAttribute(
  locator: Locator,
  name: string,
  value: string,
  timeout = DEFAULT_TIMEOUT_MS,
): Promise<void> {
  await expect.poll(() => locator.getAttribute(name), { timeout }).toBe(value);
}

export async function expectValue(
  locator: Locator,
  value: string,
  timeout = DEFAULT_TIMEOUT_MS,
): Promise<void> {
  await expect.poll(() => locator.inputValue(), { timeout }).toBe(value);
}
