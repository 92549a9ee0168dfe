import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MediaConsole, mediaArticle, startMediaConsole } from '../support/media-console';
import {
  expectAttribute,
  expectCount,
  expectText,
  expectValue,
  expectVisible,
} from '../support/page-assertions';
import { REPO_ROOT, type ServeProcess } from '../support/serve-process';

const SCREENSHOTS = join(REPO_ROOT, 'test-results', 'e2e');
const FIXTURES = join(REPO_ROOT, 'test/fixtures/media');
const AGENT = 'Juniper';
const PHOTO_ID = 'AgADphotoJobE2e';
const STICKER_ID = 'AgADwebpJobE2e';
const DESCRIBED = 'A test card of coloured bars, as the fake model sees it';

/** Curated records of the samples directory: two the media model has not described yet, one it has. */
function curate(configDir: string): void {
  const dir = join(configDir, 'media');
  mkdirSync(dir, { recursive: true });
  const records = [
    { id: PHOTO_ID, fixture: 'photo.png', kind: 'photo', mime: 'image/png', description: null },
    { id: STICKER_ID, fixture: 'sticker.webp', kind: 'sticker', mime: 'image/webp', description: null },
    {
      id: 'AgADvideoJobE2e',
      fixture: 'video.webm',
      kind: 'video',
      mime: 'video/webm',
      description: 'A clock',
    },
  ];
  for (const { id, fixture, kind, mime, description } of records) {
    const file = `${id}.${fixture.split('.').pop()}`;
    copyFileSync(join(FIXTURES, fixture), join(dir, file));
    writeFileSync(
      join(dir, `${id}.json`),
      JSON.stringify({
        unique_id: id,
        kind,
        description,
        status: description ? 'curated' : 'budget_exhausted',
        mime_type: mime,
        media_file: file,
        ...(kind === 'sticker' ? { sticker_set_name: 'TroupeJobs', sticker_name: '🎨' } : {}),
      }),
    );
  }
}

describe('media jobs and an agent’s media library against troupe serve', () => {
  let media: MediaConsole;
  let samplesDir: string;
  let server: ServeProcess;
  let page: Page;

  const shot = (name: string) => page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
  const record = (id: string) => mediaArticle(page, id);

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    // Each description takes a moment, so that the job is seen under way.
    media = await startMediaConsole({ curate, llm: { defaultDescription: DESCRIBED, latencyMs: 1200 } });
    ({ samplesDir, server, page } = media);
  });

  afterAll(() => media?.close());

  it('describes every undescribed record of a directory as a job, its progress live until done', async () => {
    await page.goto(`${server.origin}/#/media`);
    await page.getByRole('combobox', { name: 'Directory' }).click();
    await page.getByRole('option', { name: new RegExp(`^${samplesDir} \\(`) }).click();
    await expectVisible(record(PHOTO_ID));
    await expectValue(record(PHOTO_ID).getByRole('textbox', { name: `Description of ${PHOTO_ID}` }), '');

    await page.getByRole('button', { name: 'Describe all missing…' }).click();
    const confirm = page.getByRole('dialog', { name: 'Describe all missing' });
    await confirm.getByRole('button', { name: 'Describe' }).click();
    await confirm.waitFor({ state: 'hidden' });

    const jobs = page.getByRole('region', { name: 'Jobs' });
    const job = jobs.getByRole('listitem', { name: 'Describe all missing' });
    await expectVisible(job.getByText('Running', { exact: true }));
    await expectText(job, '1 of 2 items described');
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot('media-jobs-running');

    await expectVisible(job.getByText('Done', { exact: true }), 15_000);
    await expectText(job, '2 of 2 items described');
    expect(await job.getByRole('button', { name: /^Cancel/ }).count()).toBe(0);
    // The list follows the records the job wrote.
    await expectValue(
      record(PHOTO_ID).getByRole('textbox', { name: `Description of ${PHOTO_ID}` }),
      DESCRIBED,
    );
    await expectValue(
      record(STICKER_ID).getByRole('textbox', { name: `Description of ${STICKER_ID}` }),
      DESCRIBED,
    );
    await shot('media-jobs-done');

    // Finished, it can be dismissed: the panel goes, and the records move up.
    await job.getByRole('button', { name: 'Dismiss: Describe all missing' }).click();
    await expectCount(jobs, 0);
    await expectVisible(record(PHOTO_ID));

    const onDisk = JSON.parse(readFileSync(join(samplesDir, 'media', `${PHOTO_ID}.json`), 'utf8'));
    expect(onDisk).toMatchObject({ unique_id: PHOTO_ID, description: DESCRIBED, status: 'generated' });
    expect(media.llm.mediaRequests).toHaveLength(2);
  });

  it('checks an import before starting it: the set’s name, and an agent connected to Telegram', async () => {
    await page.goto(`${server.origin}/#/media`);
    await page.getByRole('button', { name: 'Import sticker set…' }).click();
    const form = page.getByRole('dialog', { name: 'Import sticker set' });
    await form.getByRole('textbox', { name: /^Sticker set/ }).fill('https://t.me/joinchat/nope');
    await form.getByRole('button', { name: 'Start import' }).click();

    await expectText(form, 'A set’s short name is letters, digits and _');
    await expectText(form, 'No agent is connected to Telegram now');
    await expectText(form, 'Connect an agent to Telegram first');
    await shot('media-import-form');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await form.waitFor({ state: 'hidden' });
  });

  it('shows the agent’s Simulator library with previews, and the Simulator’s refusal to change it', async () => {
    await page.goto(`${server.origin}/#/agents/${AGENT}/media/simulator`);
    await expectVisible(page.getByRole('tab', { name: 'Media', selected: true }));
    const photo = record(PHOTO_ID);
    await expectVisible(photo.locator('img'));
    await expect
      .poll(() => photo.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    await expectValue(photo.getByRole('textbox', { name: `Description of ${PHOTO_ID}` }), DESCRIBED);
    // Stickers are not library media.
    expect(await record(STICKER_ID).count()).toBe(0);
    await shot('agent-media-tab');

    await page.locator('input[type=file]').setInputFiles(join(FIXTURES, 'photo.png'));
    const draft = page.getByRole('group', { name: 'Add photo.png' });
    await expectVisible(draft.getByRole('checkbox', { name: /^Send as a file/ }));
    await draft.getByRole('button', { name: 'Add to the library' }).click();
    await expectText(
      draft.getByRole('alert'),
      "In the Simulator an agent's media library is the curated media",
    );
    await shot('agent-media-tab-refusal');

    await photo.getByRole('link', { name: `Open ${PHOTO_ID} in the media editor` }).click();
    expect(new URL(page.url()).hash).toBe(`#/media/${PHOTO_ID}`);
    await expectVisible(record(PHOTO_ID));
  });

  it('lays the Media tab out whole on a phone and at desktop width: no gap under a card’s heading, the directory uncut', async () => {
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${server.origin}/#/agents/${AGENT}/media/simulator`);
      const photo = record(PHOTO_ID);
      const description = photo.getByRole('textbox', { name: `Description of ${PHOTO_ID}` });
      await expectValue(description, DESCRIBED);
      const heading = await photo.getByText(PHOTO_ID, { exact: true }).boundingBox();
      const field = await description.boundingBox();
      // The description follows its heading; it is not pushed down the card.
      expect(field!.y - (heading!.y + heading!.height), `at ${width} px`).toBeLessThan(40);
      const where = page.getByRole('combobox', { name: 'Config directory for edited descriptions' });
      await expectValue(where, '…/samples');
      await expectAttribute(where, 'title', samplesDir);
      const box = await where.boundingBox();
      expect(box!.x + box!.width, `at ${width} px`).toBeLessThanOrEqual(width);
      expect(await where.evaluate((input: HTMLInputElement) => input.scrollWidth <= input.clientWidth)).toBe(
        true,
      );
      // The card's buttons are whole, inside the card.
      const card = await photo.boundingBox();
      const remove = await photo
        .getByRole('button', { name: `Remove ${PHOTO_ID} from the library` })
        .boundingBox();
      expect(remove!.x + remove!.width, `at ${width} px`).toBeLessThanOrEqual(card!.x + card!.width);
      await shot(`agent-media-tab-${width}`);
    }
    await page.setViewportSize({ width: 1360, height: 900 });
  });

  it('says why the Telegram library cannot be listed while the agent is not connected', async () => {
    await page.goto(`${server.origin}/#/agents/${AGENT}/media/telegram`);
    const alert = page.getByRole('alert').filter({ hasText: 'The media library could not be loaded' });
    await expectText(alert, 'Juniper');
    await shot('agent-media-tab-telegram');
  });
});
