import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { openSignedInConsole } from '../support/chromium';
import { type FakeTelegram, type FakeUser, startFakeTelegram } from '../support/fake-telegram';
import { expectCount, expectText, expectVisible } from '../support/page-assertions';
import { copyShippedConfig, REPO_ROOT, type ServeProcess, startServe } from '../support/serve-process';
import { logInJuniper } from '../support/telegram-console';

const SCREENSHOTS = join(REPO_ROOT, 'test-results', 'e2e');
const AGENT_PHONE = '+15550100001';

/** A 96×96 PNG of one colour, as a photo an operator would upload. */
function solidPng(rgb: [number, number, number]): Buffer {
  const size = 96;
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const tail = Buffer.alloc(4);
    tail.writeUInt32BE(crc(body));
    return Buffer.concat([head, body, tail]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), ...Array.from({ length: size }, () => Buffer.from(rgb))]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * An operator manages a signed-in agent's Telegram account from the console, against the fake
 * MTProto server: the profile, photos and contacts, and a partner's profile beside the chat.
 */
describe('The agent’s Telegram account from the console', () => {
  let root: string;
  let telegram: FakeTelegram;
  let juniper: FakeUser;
  let ada: FakeUser;
  let server: ServeProcess;
  let browser: Browser;
  let page: Page;

  const shot = (name: string) => page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'troupe-e2e-account-'));
    const { samplesDir, configPath } = copyShippedConfig(root);
    const agentFile = join(samplesDir, 'agents', 'Juniper.md');
    writeFileSync(agentFile, readFileSync(agentFile, 'utf8').replace(/\n# Disabled\n/, '\n'));
    mkdirSync(SCREENSHOTS, { recursive: true });

    telegram = await startFakeTelegram({ log: () => {} });
    juniper = telegram.createUser({
      phone: AGENT_PHONE,
      firstName: 'Juniper',
      lastName: 'Hale',
      username: 'juniper_hale',
    });
    ada = telegram.createUser({
      phone: '+15550100177',
      firstName: 'Ada',
      lastName: 'Reads',
      username: 'ada_reads',
      about: 'Reads everything, twice.',
    });
    const tomas = telegram.createUser({ phone: '+15550100178', firstName: 'Tomás', username: 'tomas_g' });
    const adaPhoto = telegram.createPhoto({ bytes: solidPng([214, 120, 60]), width: 96, height: 96 });
    telegram.setProfilePhoto(ada.id, adaPhoto);
    telegram.addContact(juniper.id, ada.id);
    telegram.addContact(juniper.id, tomas.id);
    telegram.setBlocked(juniper.id, tomas.id, true);
    const keyFile = join(root, 'server-key.pem');
    writeFileSync(keyFile, telegram.rsaPublicKeyPem);

    server = await startServe(['--state', join(root, 'state'), '--config-path', configPath], {
      TROUPE_TELEGRAM_DC: `${telegram.host}:${telegram.port}`,
      TROUPE_TELEGRAM_DC_ID: String(telegram.dcId),
      TROUPE_TELEGRAM_RSA_KEY: keyFile,
    });
    ({ browser, page } = await openSignedInConsole(server.loginUrl));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await telegram?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('signs Juniper in to the fake Telegram', async () => {
    await logInJuniper(page, telegram, AGENT_PHONE);
  });

  it('edits the profile, and shows a taken username refused on its field', async () => {
    await page.getByRole('tab', { name: 'Profile' }).click();
    const names = page.getByRole('form', { name: 'Name and bio' });
    await expectVisible(names);
    await names.getByRole('textbox', { name: 'First name' }).fill('June');
    await names.getByRole('textbox', { name: 'Bio' }).fill('Bookseller on Quay Street, Galway.');
    await names.getByRole('button', { name: 'Save name and bio' }).click();
    await expectText(names, 'Saved on Telegram');

    const username = page.getByRole('form', { name: 'Username' });
    await username.getByRole('textbox', { name: 'Username' }).fill('ada_reads');
    await username.getByRole('button', { name: 'Save username' }).click();
    await expectText(username, 'This username is taken; try another.');
    await username.scrollIntoViewIfNeeded();
    await shot('telegram-account-profile');
  });

  it('uploads a photo, refusing a file that is no image', async () => {
    const photos = page.locator('input[type=file]');
    await photos.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a photo'),
    });
    await expectVisible(page.getByText('notes.txt is not a JPEG or PNG image; pick a photo.'));
    await photos.setInputFiles({
      name: 'juniper.png',
      mimeType: 'image/png',
      buffer: solidPng([70, 130, 90]),
    });
    await expectVisible(page.getByRole('button', { name: /Show the photo of .*\(current\)/ }));
    await expectVisible(page.getByRole('img', { name: '' }).first());
    await page.getByRole('button', { name: /Show the photo of .*\(current\)/ }).click();
    await expectVisible(page.getByRole('img', { name: 'The profile photo' }));
    // The full-screen view fades in.
    await page.waitForTimeout(400);
    await shot('telegram-account-photo-full');
    await page.keyboard.press('Escape');
    await expectCount(page.getByRole('dialog'), 0);
  });

  it('lists the contacts with their marks and deletes one after a confirmation', async () => {
    await page.getByRole('tab', { name: 'Contacts' }).click();
    await expectText(page.getByRole('table'), 'Ada Reads');
    // Badges are drawn in capitals.
    await expectText(page.getByRole('table'), 'BLOCKED');
    await expectVisible(page.getByRole('img', { name: 'Ada Reads’s photo' }));
    await shot('telegram-account-contacts');
    await page.getByRole('checkbox', { name: 'Select Tomás' }).check();
    await page.getByRole('button', { name: 'Delete 1 selected' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this contact?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectCount(page.getByRole('checkbox', { name: 'Select Tomás' }), 0);
    await expectText(page.getByRole('table'), 'Ada Reads');

    await expectCount(page.getByRole('dialog'), 0);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(400);
    await shot('telegram-account-contacts-390');
    await page.setViewportSize({ width: 1360, height: 900 });
  });

  it('opens a partner’s profile beside the conversation', async () => {
    telegram.userSays(ada.id, juniper.id, 'Is the shop open on Sunday?');
    await page.getByRole('link', { name: 'Open conversation' }).first().click();
    await page.getByRole('tab', { name: 'Profile' }).click();
    const profile = page.getByLabel("Ada Reads's profile");
    await expectText(profile, 'Reads everything, twice.', 15_000);
    await expectText(profile, 'IN CONTACTS');
    await profile.getByRole('button', { name: 'Remove from contacts' }).click();
    await expectVisible(profile.getByRole('button', { name: 'Add to contacts' }));
    await shot('telegram-account-partner');
  });
});
