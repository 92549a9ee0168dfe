/// <reference lib="dom" />
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchChromium } from '../../test/support/chromium';
import { copyShippedConfig, REPO_ROOT, startServe } from '../../test/support/serve-process';

/**
 * The media editor with 10,000 curated records (every tenth an animated TGS sticker) in one
 * config directory, in Chromium against a real `troupe serve`: the time from opening the Media
 * page to the first record on screen, and the frame times while scrolling the whole list.
 * Prints figures next to their goals; never asserts. Runs the built console (`npm run build`).
 */
const RECORDS = Number(process.env.TROUPE_BENCH_MEDIA_RECORDS ?? 10_000);
const RUNS = 3;

const ms = (value: number) => `${Math.round(value)} ms`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function seedRecords(dir: string): void {
  mkdirSync(dir, { recursive: true });
  const fixtures = join(REPO_ROOT, 'test/fixtures/media');
  for (let index = 0; index < RECORDS; index += 1) {
    const id = `AgADbench${String(index).padStart(5, '0')}`;
    const animated = index % 10 === 0;
    const file = `${id}.${animated ? 'tgs' : 'webp'}`;
    copyFileSync(join(fixtures, animated ? 'sticker.tgs' : 'sticker.webp'), join(dir, file));
    writeFileSync(
      join(dir, `${id}.json`),
      JSON.stringify({
        unique_id: id,
        kind: 'sticker',
        description: `Sticker number ${index}, a test pattern`,
        status: index % 3 === 0 ? 'curated' : 'generated',
        mime_type: animated ? 'application/x-tgsticker' : 'image/webp',
        media_file: file,
        sticker_set_name: `BenchSet${Math.floor(index / 100)}`,
        sticker_set_title: `Bench set ${Math.floor(index / 100)}`,
        sticker_name: '😺',
      }),
    );
  }
}

async function main() {
  const root = mkdtempSync(join(tmpdir(), 'troupe-bench-media-editor-'));
  const { samplesDir, configPath } = copyShippedConfig(root);
  seedRecords(join(samplesDir, 'media'));
  const server = await startServe(['--state', join(root, 'state'), '--config-path', configPath]);
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1360, height: 900 } });
    await page.goto(server.loginUrl);
    await page.getByRole('heading', { level: 1, name: 'Agents' }).waitFor();
    const firstPaints: number[] = [];
    let shown = '';
    for (let run = 0; run < RUNS; run += 1) {
      await page.goto(`${server.origin}/#/agents`);
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Agents' }).waitFor();
      await page.waitForTimeout(1500); // the console fetches the other pages' chunks once idle
      const started = performance.now();
      await page.getByRole('link', { name: 'Media', exact: true }).click();
      await page.getByRole('article').first().waitFor();
      firstPaints.push(performance.now() - started);
      shown = await page.getByRole('status').filter({ hasText: 'records' }).innerText();
    }
    const scroll = await page.evaluate(async () => {
      const frames: number[] = [];
      let last = performance.now();
      for (let y = 0; y < document.body.scrollHeight; y += 600) {
        window.scrollTo(0, y);
        await new Promise((resolve) => requestAnimationFrame(() => resolve(null)));
        const now = performance.now();
        frames.push(now - last);
        last = now;
      }
      frames.sort((a, b) => a - b);
      return {
        median: frames[Math.floor(frames.length / 2)]!,
        p95: frames[Math.floor(frames.length * 0.95)]!,
      };
    });
    console.log(`\nmedia editor with ${RECORDS} records (${shown})`);
    console.table({
      'Media page to first record (median of 3)': { value: ms(median(firstPaints)), goal: '≤ 1000 ms' },
      'scrolling the whole list, frame time median': { value: ms(scroll.median), goal: '≤ 33 ms' },
      'scrolling the whole list, frame time p95': { value: ms(scroll.p95), goal: '≤ 50 ms' },
    });
  } finally {
    await browser.close();
    await server.stop();
    rmSync(root, { recursive: true, force: true });
  }
}

void main();
