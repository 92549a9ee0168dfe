#!/usr/bin/env node
/**
 * Draws the tray icons into build/tray/ (shipped as resources/tray/ by electron-builder.yml):
 * `tray*.png` in colour for Windows and Linux, `tray*Template.png` in black for macOS, which tints
 * template images for a light or dark menu bar, each at 16 px and at 32 px (`@2x`), plain and with
 * the dot that says an agent needs attention. The drawings are the app icon's two speech bubbles
 * (build/icon.svg) simplified to read at 16 px. Run it after changing them:
 *
 *   node scripts/render-tray-icons.mjs      (needs Chromium: /usr/bin/chromium or TROUPE_CHROMIUM)
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const outDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'build', 'tray');
const BASE_SIZE = 16;

const LEAD_BUBBLE = `
  <ellipse cx="13.5" cy="18" rx="9.5" ry="8"/>
  <path d="M7.6 23.8 C 7.4 26.6 6.2 28.6 4.6 29.8 C 8.2 29.8 11.2 28.4 12.8 26.2 Z"/>`;
const BACK_BUBBLE = `
  <ellipse cx="20.5" cy="11" rx="8.5" ry="7.2"/>
  <path d="M25.6 16 C 26 18.4 27.2 19.8 28.6 20.8 C 25.6 21 23.4 19.8 22 18.2 Z"/>`;
const EYES = `
  <path d="M7.4 16.4 C 8.6 15 11 15.3 11.8 17.4 C 10.2 18 8.4 17.7 7.4 16.4 Z"/>
  <path d="M19.6 16.4 C 18.4 15 16 15.3 15.2 17.4 C 16.8 18 18.6 17.7 19.6 16.4 Z"/>`;
const DOT = { cx: 26, cy: 6, r: 5 };

/** The coloured icon: the app's violet tile with the bubbles in white, the dot in orange. */
function colourIcon(attention) {
  const notch = attention
    ? `<mask id="notch"><rect width="32" height="32" fill="#fff"/><circle cx="${DOT.cx}" cy="${DOT.cy}" r="${DOT.r + 2}" fill="#000"/></mask>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32">
  <defs>
    <linearGradient id="backdrop" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#7263f7"/><stop offset="1" stop-color="#2b2680"/>
    </linearGradient>
    <mask id="behind-lead"><rect width="32" height="32" fill="#fff"/><g fill="#000" stroke="#000" stroke-width="2.4">${LEAD_BUBBLE}</g></mask>
    <mask id="face"><rect width="32" height="32" fill="#fff"/><g fill="#000">${EYES}</g></mask>
    ${notch}
  </defs>
  <g ${attention ? 'mask="url(#notch)"' : ''}>
    <rect x="1" y="1" width="30" height="30" rx="7" fill="url(#backdrop)"/>
    <g fill="#fff" opacity="0.55" mask="url(#behind-lead)">${BACK_BUBBLE}</g>
    <g fill="#fff" mask="url(#face)">${LEAD_BUBBLE}</g>
  </g>
  ${attention ? `<circle cx="${DOT.cx}" cy="${DOT.cy}" r="${DOT.r}" fill="#ff7a1a"/>` : ''}
</svg>`;
}

/** The macOS template: only the alpha counts; the back bubble is half-tone, the face cut out. */
function templateIcon(attention) {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32">
  <defs>
    <mask id="behind-lead"><rect width="32" height="32" fill="#fff"/><g fill="#000" stroke="#000" stroke-width="2.4">${LEAD_BUBBLE}</g></mask>
    <mask id="face"><rect width="32" height="32" fill="#fff"/><g fill="#000">${EYES}</g></mask>
    <mask id="notch"><rect width="32" height="32" fill="#fff"/>${
      attention ? `<circle cx="${DOT.cx}" cy="${DOT.cy}" r="${DOT.r + 2}" fill="#000"/>` : ''
    }</mask>
  </defs>
  <g mask="url(#notch)">
    <g fill="#000" opacity="0.5" mask="url(#behind-lead)">${BACK_BUBBLE}</g>
    <g fill="#000" mask="url(#face)">${LEAD_BUBBLE}</g>
  </g>
  ${attention ? `<circle cx="${DOT.cx}" cy="${DOT.cy}" r="${DOT.r}" fill="#000"/>` : ''}
</svg>`;
}

const ICONS = [
  ['tray', colourIcon(false)],
  ['trayAttention', colourIcon(true)],
  ['trayTemplate', templateIcon(false)],
  ['trayAttentionTemplate', templateIcon(true)],
];

const browser = await chromium.launch({
  executablePath: process.env.TROUPE_CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
try {
  for (const scale of [1, 2]) {
    const page = await browser.newPage({
      viewport: { width: BASE_SIZE, height: BASE_SIZE },
      deviceScaleFactor: scale,
    });
    for (const [name, svg] of ICONS) {
      const body = svg.replace('width="32" height="32"', `width="${BASE_SIZE}" height="${BASE_SIZE}"`);
      await page.setContent(
        `<style>html,body{margin:0;background:transparent}svg{display:block}</style>${body}`,
      );
      const png = await page.screenshot({ omitBackground: true });
      const file = join(outDir, `${name}${scale === 2 ? '@2x' : ''}.png`);
      writeFileSync(file, png);
      console.log(`wrote ${file}`);
    }
    await page.close();
  }
} finally {
  await browser.close();
}
