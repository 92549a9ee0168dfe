import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2eConsole, startE2eConsole } from '../support/e2e-console';
import { expectAttribute, expectCount, expectVisible } from '../support/page-assertions';
import { callFromPage } from '../support/serve-api';

type Engine = { typingSpeed: number; llmConcurrency: number };

describe('the engine settings against troupe serve', () => {
  let harness: E2eConsole;

  const savedEngine = async () =>
    ((await callFromPage(harness.page, 'settings.get', {})) as { engine: Engine }).engine;
  const engineForm = () => harness.page.getByRole('form', { name: 'Engine settings' });

  beforeAll(async () => {
    harness = await startE2eConsole('troupe-e2e-settings-');
    await callFromPage(harness.page, 'settings.update', { engine: { typingSpeed: 200 } });
  });

  afterAll(() => harness?.close());

  it('fills the form with the defaults on Restore defaults, saving nothing until Save', async () => {
    const { page } = harness;
    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    const form = engineForm();
    const typingSpeed = form.getByRole('textbox', { name: 'Typing speed' });
    await expect.poll(() => typingSpeed.inputValue()).toBe('200 chars/s');
    await form.getByRole('textbox', { name: 'LLM concurrency' }).fill('8');

    await form.getByRole('button', { name: 'Restore defaults' }).click();
    await expect.poll(() => typingSpeed.inputValue()).toBe('60 chars/s');
    await expect.poll(() => form.getByRole('textbox', { name: 'LLM concurrency' }).inputValue()).toBe('4');
    await expectAttribute(form.getByRole('button', { name: 'Restore defaults' }), 'disabled', '');
    await harness.shot('settings-engine-restored');
    // Nothing was written: the runtime keeps its values and no save is announced.
    expect((await savedEngine()).typingSpeed).toBe(200);
    await expectCount(page.getByText('Engine settings saved'), 0);

    // Discard brings the saved values back, as for any edit.
    await form.getByRole('button', { name: 'Discard changes' }).click();
    await expect.poll(() => typingSpeed.inputValue()).toBe('200 chars/s');

    await form.getByRole('button', { name: 'Restore defaults' }).click();
    await form.getByRole('button', { name: 'Save engine settings' }).click();
    await expectVisible(page.getByText('Engine settings saved'));
    await expect.poll(async () => (await savedEngine()).typingSpeed).toBe(60);
  });
});
