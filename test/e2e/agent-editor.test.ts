import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeLlmServer } from '../support/fake-llm-server';
import { type MediaConsole, startMediaConsole } from '../support/media-console';
import { expectText, expectVisible } from '../support/page-assertions';
import { callFromPage, createDirectChat } from '../support/serve-api';
import { REPO_ROOT } from '../support/serve-process';

const SCREENSHOTS = join(REPO_ROOT, 'test-results', 'e2e');
const AGENT = 'Juniper';
const REPLY_TIMEOUT_MS = 45_000;
const NEW_INSTRUCTIONS = 'You are Juniper, and you now answer only in rhyming couplets.';

describe('editing an agent in the console against troupe serve', () => {
  let harness: MediaConsole;
  let page: Page;
  let llm: FakeLlmServer;

  const shot = (name: string) => page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    harness = await startMediaConsole({ curate: () => {} });
    ({ page, llm } = harness);
  });

  afterAll(() => harness?.close());

  it('saves the persona to the agent file, refuses a stale save, and the next reply is planned with it', async () => {
    await page.goto(`${harness.server.origin}/#/agents/${AGENT}`);
    await page.getByRole('button', { name: 'Edit the agent' }).click();
    const form = page.getByRole('form', { name: /^Edit / });
    await expectVisible(form);
    await form.getByRole('textbox', { name: 'Instructions' }).fill(NEW_INSTRUCTIONS);
    await form.getByRole('combobox', { name: 'Time zone' }).fill('Europe/Lisbon');
    await page.getByRole('option', { name: 'Europe/Lisbon' }).click();
    await shot('agent-editor');
    await form.getByRole('button', { name: `Save to ${AGENT}.md` }).click();
    await expectText(page.getByRole('main'), NEW_INSTRUCTIONS);
    const file = join(harness.samplesDir, 'agents', `${AGENT}.md`);
    const written = readFileSync(file, 'utf8');
    expect(written).toContain(NEW_INSTRUCTIONS);
    expect(written).toContain('# Agent Timezone\n\nEurope/Lisbon\n');

    // A save against a version the file no longer has is refused, naming what to do.
    await page.getByRole('button', { name: 'Edit the agent' }).click();
    const stale = (await callFromPage(page, 'agents.get', { configName: AGENT })) as { fileVersion: string };
    await callFromPage(page, 'agents.update', {
      configName: AGENT,
      fileVersion: stale.fileVersion,
      changes: { dailySchedule: 'Up at dawn.' },
    });
    await expectText(form.getByRole('alert'), 'changed on disk since you started editing');
    await form.getByRole('textbox', { name: 'Name' }).fill('Juniper Rose');
    await form.getByRole('button', { name: `Save to ${AGENT}.md` }).click();
    await expectText(form.getByRole('alert'), 'changed on disk since you opened it');
    await shot('agent-editor-conflict');
    await page.getByRole('button', { name: 'Reload the agent' }).click();
    await expect.poll(() => form.getByRole('textbox', { name: 'Name' }).inputValue()).toBe('Juniper');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expectText(page.getByRole('main'), 'Up at dawn.');

    // The next turn thinks with the new instructions.
    const { channelId, personId } = await createDirectChat(page, AGENT, { firstName: 'Pat' });
    const before = llm.requests.length;
    llm.replyWith({ tasks: [{ kind: 'send', text: 'A rhyme for you, my friend, until the end.' }] });
    await callFromPage(page, 'simulator.send', { agent: AGENT, channelId, personId, text: 'Hello!' });
    await expect
      .poll(
        () => llm.requests.slice(before).some((request) => request.systemText.includes(NEW_INSTRUCTIONS)),
        {
          timeout: REPLY_TIMEOUT_MS,
        },
      )
      .toBe(true);
  });

  it('opens the editor when the address of the Overview shown turns to its edit address', async () => {
    await page.goto(`${harness.server.origin}/#/agents/${AGENT}`);
    await expectVisible(page.getByRole('button', { name: 'Edit the agent' }));
    await page.goto(`${harness.server.origin}/#/agents/${AGENT}/edit`);
    const form = page.getByRole('form', { name: /^Edit / });
    await expectVisible(form);
    await shot('agent-editor-from-address');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => new URL(page.url()).hash).toBe(`#/agents/${AGENT}`);
    await expectVisible(page.getByRole('button', { name: 'Edit the agent' }));
  });
});
