import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MediaConsole, mediaArticle, startMediaConsole } from '../support/media-console';
import {
  expectAttribute,
  expectCount,
  expectText,
  expectValue,
  expectVisible,
} from '../support/page-assertions';
import { callFromPage } from '../support/serve-api';
import { REPO_ROOT, type ServeProcess } from '../support/serve-process';

const SCREENSHOTS = join(REPO_ROOT, 'test-results', 'e2e');
const FIXTURES = join(REPO_ROOT, 'test/fixtures/media');
const AGENT = 'Juniper';
const TGS_ID = 'AgADtgsCatE2e';
const EDITED = 'A cat swinging a red and blue ball, a green square spinning below';

/** Curated records of the samples directory: the record JSON, and its file copied from the fixtures. */
const RECORDS: Array<{ id: string; fixture: string; record: Record<string, unknown> }> = [
  {
    id: TGS_ID,
    fixture: 'sticker.tgs',
    record: {
      kind: 'sticker',
      description: 'A ball swinging left and right',
      status: 'curated',
      mime_type: 'application/x-tgsticker',
      sticker_set_name: 'TroupeCats',
      sticker_set_title: 'Troupe cats',
      sticker_name: '🐱',
    },
  },
  {
    id: 'AgADwebpCatE2e',
    fixture: 'sticker.webp',
    record: {
      kind: 'sticker',
      description: 'A test pattern of coloured bars',
      status: 'generated',
      mime_type: 'image/webp',
      sticker_set_name: 'TroupeCats',
      sticker_set_title: 'Troupe cats',
      sticker_name: '😺',
    },
  },
  {
    id: 'AgADphotoE2e',
    fixture: 'photo.png',
    record: { kind: 'photo', description: 'A colour test card', status: 'curated', mime_type: 'image/png' },
  },
  {
    id: 'AgADvideoE2e',
    fixture: 'video.webm',
    record: {
      kind: 'video',
      description: 'A test pattern with a running clock',
      status: 'generated',
      mime_type: 'video/webm',
    },
  },
  {
    id: 'AgADretryE2e',
    fixture: 'photo.jpg',
    record: {
      kind: 'photo',
      description: null,
      status: 'temporary_failure',
      failure_reason: 'the model timed out',
      mime_type: 'image/jpeg',
    },
  },
  {
    id: 'AgADvoiceE2e',
    fixture: 'voice.ogg',
    record: {
      kind: 'audio',
      description: null,
      status: 'permanent_failure',
      failure_reason: 'no speech in it',
      mime_type: 'audio/ogg',
    },
  },
];

/** Writes the records into `<configDir>/media/`, in the original agent's schema. */
function curate(configDir: string): void {
  const dir = join(configDir, 'media');
  mkdirSync(dir, { recursive: true });
  for (const { id, fixture, record } of RECORDS) {
    const file = `${id}.${fixture.split('.').pop()}`;
    copyFileSync(join(FIXTURES, fixture), join(dir, file));
    writeFileSync(
      join(dir, `${id}.json`),
      JSON.stringify({ unique_id: id, ...record, media_file: file }, null, 2),
    );
  }
}

/**
 * The badges of the records and set headings drawn now, each with whether it shows whole: not cut
 * short by an ellipsis, and not reaching past its row or the window.
 */
function drawnBadges(page: Page): Promise<Array<{ text: string; whole: boolean }>> {
  return page.evaluate(() =>
    [...document.querySelectorAll('.me-record .mantine-Badge-root, .me-set .mantine-Badge-root')].map(
      (badge) => {
        const row = badge.closest('.me-record, .me-set')!.getBoundingClientRect();
        const box = badge.getBoundingClientRect();
        const label = badge.querySelector('.mantine-Badge-label') ?? badge;
        const whole =
          label.scrollWidth <= label.clientWidth &&
          box.left >= row.left &&
          box.right <= row.right &&
          box.right <= document.documentElement.clientWidth;
        return { text: `${badge.textContent} (${Math.round(box.left)}–${Math.round(box.right)} px)`, whole };
      },
    ),
  );
}

/** Two screenshots of the element, `ms` apart: whether what it shows moved. */
async function moves(element: Locator, ms: number): Promise<boolean> {
  const first = await element.screenshot();
  await new Promise((resolve) => setTimeout(resolve, ms));
  return !first.equals(await element.screenshot());
}

describe('media in the console against troupe serve', () => {
  let media: MediaConsole;
  let samplesDir: string;
  let server: ServeProcess;
  let page: Page;

  const shot = async (name: string, fullPage = false) => {
    if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage });
  };
  const record = (id: string) => mediaArticle(page, id);

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    // The agent answers nothing: the test is about the media it is shown.
    media = await startMediaConsole({ curate });
    ({ samplesDir, server, page } = media);
  });

  afterAll(() => media?.close());

  it('finds the animated sticker by a search, grouped under its set, and plays it', async () => {
    await page.getByRole('link', { name: 'Media', exact: true }).click();
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Media' }));
    await expectVisible(record(TGS_ID));
    await expectVisible(page.getByRole('heading', { level: 2, name: 'Troupe cats' }));
    await expectVisible(record('AgADphotoE2e').locator('img'));
    await expect
      .poll(() =>
        record('AgADphotoE2e')
          .locator('img')
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBeGreaterThan(0);
    // Previews load as they near the view: scroll past them all before the whole-page shot.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expectVisible(record('AgADvoiceE2e').getByRole('button', { name: /^Play / }));
    await shot('media-editor', true);
    await shot('media-editor-top');

    await page.getByRole('textbox', { name: 'Search' }).fill('swinging ball');
    const sticker = record(TGS_ID);
    await expectVisible(sticker);
    await expect.poll(() => page.getByRole('article').count()).toBe(1);
    const canvas = sticker.locator('canvas');
    await expectVisible(canvas);
    await expect.poll(() => moves(canvas, 300), { timeout: 10_000 }).toBe(true);
    await shot('media-editor-search');
  });

  it('saves an edited description as the operator types, kept over a reload and curated on disk', async () => {
    const description = record(TGS_ID).getByRole('textbox', { name: `Description of ${TGS_ID}` });
    await description.fill(EDITED);
    await expectVisible(record(TGS_ID).getByText('Saved', { exact: true }));

    await page.reload();
    await page.getByRole('textbox', { name: 'Search' }).fill(TGS_ID);
    await expectValue(record(TGS_ID).getByRole('textbox', { name: `Description of ${TGS_ID}` }), EDITED);

    const onDisk = JSON.parse(readFileSync(join(samplesDir, 'media', `${TGS_ID}.json`), 'utf8'));
    expect(onDisk).toMatchObject({ unique_id: TGS_ID, status: 'curated', description: EDITED });
  });

  it('saves a description typed just before a reload, without waiting for the pause in typing', async () => {
    const typed = 'A cat swinging a ball, typed just before the page went away';
    await page.goto(`${server.origin}/#/media`);
    await page.getByRole('textbox', { name: 'Search' }).fill(TGS_ID);
    const description = record(TGS_ID).getByRole('textbox', { name: `Description of ${TGS_ID}` });
    await description.fill(typed);
    // At once: the pause that saves (800 ms) has not come when the page is unloaded.
    await page.reload();
    const file = join(samplesDir, 'media', `${TGS_ID}.json`);
    await expect
      .poll(() => JSON.parse(readFileSync(file, 'utf8')).description, { timeout: 10_000 })
      .toBe(typed);
    await page.reload();
    await page.getByRole('textbox', { name: 'Search' }).fill(TGS_ID);
    await expectValue(record(TGS_ID).getByRole('textbox', { name: `Description of ${TGS_ID}` }), typed);
  });

  it('deletes a record once the operator confirms', async () => {
    await page.getByRole('textbox', { name: 'Search' }).fill('');
    const voice = record('AgADvoiceE2e');
    await expectText(voice, 'Could not be analyzed: no speech in it');
    await voice.getByRole('button', { name: 'Delete the record AgADvoiceE2e' }).click();
    await page
      .getByRole('dialog', { name: 'Delete the record AgADvoiceE2e' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect.poll(() => record('AgADvoiceE2e').count()).toBe(0);
  });

  it('offers to move a record into another config directory by its short label, the whole path under it', async () => {
    await page.getByRole('textbox', { name: 'Search' }).fill(TGS_ID);
    await record(TGS_ID).getByRole('button', { name: 'Move to…' }).click();
    const configdir = join(samplesDir, '..', 'configdir');
    const item = page.getByRole('menuitem', { name: configdir, exact: true });
    await expectVisible(item);
    expect((await item.innerText()).split('\n').filter(Boolean)).toEqual(['…/configdir', configdir]);
    await shot('media-editor-move-menu');
    await page.keyboard.press('Escape');
    await expectCount(item, 0);
    await page.getByRole('textbox', { name: 'Search' }).fill('');
  });

  it('shows a photo a simulated person sent as the picture itself, linked to its description', async () => {
    const created = (await callFromPage(page, 'simulator.createChat', {
      agent: AGENT,
      kind: 'direct',
      people: [{ firstName: 'Ada', lastName: 'Lovelace' }],
    })) as { chat: { channelId: number }; people: Array<{ id: number }> };
    const channelId = created.chat.channelId;
    const sent = (await callFromPage(page, 'simulator.sendFile', {
      agent: AGENT,
      channelId,
      personId: created.people[0]!.id,
      kind: 'photo',
      fileName: 'test-card.png',
      dataBase64: readFileSync(join(FIXTURES, 'photo.png')).toString('base64'),
    })) as { message: { parts: Array<{ kind: string; uniqueId?: string }> } };
    const uniqueId = sent.message.parts.find((part) => part.kind === 'media')!.uniqueId!;

    await page.goto(`${server.origin}/#/playground/${AGENT}/${channelId}`);
    const log = page.getByRole('log', { name: 'Messages' });
    const photo = log.getByRole('figure', { name: /^Photo: / }).locator('img');
    await expectVisible(photo);
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await photo.hover();
    await expectVisible(page.getByRole('tooltip'));
    await shot('media-conversation-photo');

    await log.getByRole('link', { name: 'Edit the description of this photo' }).click();
    expect(new URL(page.url()).hash).toBe(`#/media/${uniqueId}`);
    await expectValue(page.getByRole('textbox', { name: 'Search' }), uniqueId);

    // Described into the cache, it asks where edits go: the directory by the end that tells it
    // apart, uncut, with the whole path on hover and in the list to pick from.
    const where = record(uniqueId).getByRole('combobox', {
      name: `Config directory for the description of ${uniqueId}`,
    });
    await expectValue(where, '…/samples');
    await expectAttribute(where, 'title', samplesDir);
    expect(await where.evaluate((input: HTMLInputElement) => input.scrollWidth <= input.clientWidth)).toBe(
      true,
    );
    await where.click();
    await expectVisible(page.getByRole('option', { name: samplesDir, exact: true }));
    await shot('media-editor-config-dir');
    await page.keyboard.press('Escape');
  });

  it('looks right in the dark', async () => {
    await page.goto(`${server.origin}/#/media`);
    await page.getByRole('textbox', { name: 'Search' }).fill('');
    await page.getByRole('group', { name: 'Color scheme' }).getByRole('button', { name: 'Dark' }).click();
    await page.mouse.move(700, 880); // off the switch, whose tooltip would cover the page
    await expectVisible(record(TGS_ID).locator('canvas'));
    await page.waitForTimeout(300); // the previews load
    await shot('media-editor-dark');
  });

  it('fits a phone: the header in the window, each preview above its text, a toolbar that does not follow the scroll', async () => {
    await page.goto(`${server.origin}/#/media`);
    await page.getByRole('textbox', { name: 'Search' }).fill('');
    const layout = () =>
      page.evaluate(() => {
        const width = document.documentElement.clientWidth;
        const header = [...document.querySelectorAll('header *')].filter(
          (node) => node.getBoundingClientRect().width > 0,
        );
        const row = document.querySelector('.me-record')!;
        const preview = row.querySelector('.tm-media')!.getBoundingClientRect();
        const text = row.querySelector('.me-record-main')!.getBoundingClientRect();
        const title = row.querySelector('.me-record-heading p') as HTMLElement;
        const toolbar = document.querySelector('.me-toolbar')!.getBoundingClientRect();
        return {
          headerInside: header.every((node) => node.getBoundingClientRect().right <= width),
          signOut: !!document.querySelector('header [aria-label="Sign out"], header button'),
          stacked: preview.bottom <= text.top,
          titleWhole: title.scrollWidth <= title.clientWidth,
          // Below the 56 px header: how much of the window the toolbar covers once scrolled.
          toolbarCovers:
            Math.max(0, Math.min(toolbar.bottom, innerHeight) - Math.max(toolbar.top, 56)) / innerHeight,
        };
      });
    try {
      await page.setViewportSize({ width: 390, height: 844 });
      await expectVisible(record(TGS_ID));
      await page.evaluate(() => window.scrollTo(0, 600));
      await new Promise((resolve) => setTimeout(resolve, 200));
      const phone = await layout();
      await shot('media-editor-phone-scrolled');
      expect(phone).toEqual({
        headerInside: true,
        signOut: true,
        stacked: true,
        titleWhole: true,
        toolbarCovers: 0,
      });

      await page.setViewportSize({ width: 1440, height: 900 });
      await page.evaluate(() => window.scrollTo(0, 600));
      await new Promise((resolve) => setTimeout(resolve, 200));
      const desktop = await layout();
      expect(desktop).toMatchObject({ headerInside: true, stacked: false, titleWhole: true });
      expect(desktop.toolbarCovers).toBeGreaterThan(0);
    } finally {
      await page.setViewportSize({ width: 1360, height: 900 });
    }
  });

  it('shows every status badge whole, on a phone and at desktop width', async () => {
    await page.getByRole('group', { name: 'Color scheme' }).getByRole('button', { name: 'Light' }).click();
    try {
      for (const [width, name] of [
        [390, 'media-editor-badges-phone'],
        [1440, 'media-editor-badges-desktop'],
      ] as const) {
        await page.setViewportSize({ width, height: 900 });
        await page.evaluate(() => window.scrollTo(0, 0));
        await expectVisible(record(TGS_ID));
        // The list draws the rows near the view: look at them all, a screenful at a time.
        const seen = new Set<string>();
        for (let top = 0; ; top += 600) {
          await page.evaluate((y) => window.scrollTo(0, y), top);
          await new Promise((resolve) => setTimeout(resolve, 200));
          const badges = await drawnBadges(page);
          for (const badge of badges) seen.add(badge.text.replace(/ \(.*$/, ''));
          expect(
            badges.filter((badge) => !badge.whole).map((badge) => badge.text),
            `at ${width} px`,
          ).toEqual([]);
          const end = await page.evaluate(
            () => window.scrollY + innerHeight >= document.body.scrollHeight - 1,
          );
          if (end) break;
        }
        expect([...seen]).toEqual(
          expect.arrayContaining(['Curated', 'Generated', 'Failed, will retry', 'TroupeCats']),
        );
        await page.evaluate(() => window.scrollTo(0, 0));
        await shot(name);
      }
    } finally {
      await page.setViewportSize({ width: 1360, height: 900 });
    }
  });
});
