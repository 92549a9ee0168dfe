import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeTelegram, FakeUser } from '../support/fake-telegram';
import { expectCount, expectText, expectVisible } from '../support/page-assertions';
import { solidPng } from '../support/png';
import { REPO_ROOT } from '../support/serve-process';
import { logInJuniper, startTelegramConsole, type TelegramConsole } from '../support/telegram-console';

const SCREENSHOTS = join(REPO_ROOT, 'test-results', 'e2e');

/**
 * An operator manages a signed-in agent's Telegram account from the telegramConsole, against the fake
 * MTProto server: the profile, photos and contacts, and a partner's profile beside the chat.
 */
describe('The agent’s Telegram account from the telegramConsole', () => {
  let telegramConsole: TelegramConsole;
  let telegram: FakeTelegram;
  let juniper: FakeUser;
  let ada: FakeUser;
  let page: Page;

  const shot = (name: string) => page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    telegramConsole = await startTelegramConsole((fake, agent) => {
      ada = fake.createUser({
        phone: '+15550100177',
        firstName: 'Ada',
        lastName: 'Reads',
        username: 'ada_reads',
        about: 'Reads everything, twice.',
      });
      const tomas = fake.createUser({ phone: '+15550100178', firstName: 'Tomás', username: 'tomas_g' });
      const adaPhoto = fake.createPhoto({ bytes: solidPng([214, 120, 60], 96), width: 96, height: 96 });
      fake.setProfilePhoto(ada.id, adaPhoto);
      fake.addContact(agent.id, ada.id);
      fake.addContact(agent.id, tomas.id);
      fake.setBlocked(agent.id, tomas.id, true);
    });
    ({ telegram, juniper, page } = telegramConsole);
  });

  afterAll(async () => {
    await telegramConsole?.close();
  });

  it('signs Juniper in to the fake Telegram', async () => {
    await logInJuniper(page, telegram, telegramConsole.juniperPhone);
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

    // A year before 1900 stays as typed, and the field says why it is refused.
    const birthday = page.getByRole('form', { name: 'Birthday' });
    await birthday.getByRole('textbox', { name: 'Day' }).fill('3');
    await birthday.getByRole('textbox', { name: 'Year' }).fill('1850');
    await birthday.getByRole('button', { name: 'Save birthday' }).click();
    await expectText(birthday, `Enter a year from 1900 to ${new Date().getFullYear()}, or leave it empty.`);
    await expect.poll(() => birthday.getByRole('textbox', { name: 'Year' }).inputValue()).toBe('1850');
    await birthday.scrollIntoViewIfNeeded();
    await shot('telegram-account-birthday-refused');
  });

  it('drops “Saved on Telegram” at the first edit after a save', async () => {
    const names = page.getByRole('form', { name: 'Name and bio' });
    const bio = names.getByRole('textbox', { name: 'Bio' });
    await bio.fill('Bookseller in Galway.');
    await names.getByRole('button', { name: 'Save name and bio' }).click();
    await expectText(names, 'Saved on Telegram');
    await bio.press('End');
    await bio.press('!');
    await expectCount(names.getByText('Saved on Telegram'), 0);

    const username = page.getByRole('form', { name: 'Username' });
    const handle = username.getByRole('textbox', { name: 'Username' });
    await handle.fill('juniper_books');
    await username.getByRole('button', { name: 'Save username' }).click();
    await expectText(username, 'Saved on Telegram');
    await handle.fill('juniper_hale');
    await expectCount(username.getByText('Saved on Telegram'), 0);
    await username.getByRole('button', { name: 'Save username' }).click();
    await expectText(username, 'Saved on Telegram');

    const birthday = page.getByRole('form', { name: 'Birthday' });
    await birthday.getByRole('textbox', { name: 'Year' }).fill('1987');
    await birthday.getByRole('combobox', { name: 'Month' }).click();
    await page.getByRole('option', { name: 'September' }).click();
    await birthday.getByRole('button', { name: 'Save birthday' }).click();
    await expectText(birthday, 'Saved on Telegram');
    await birthday.getByRole('textbox', { name: 'Day' }).fill('4');
    await expectCount(birthday.getByText('Saved on Telegram'), 0);
  });

  it('keeps the birthday’s three fields on one line on a phone, the month readable', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    const birthday = page.getByRole('form', { name: 'Birthday' });
    await birthday.scrollIntoViewIfNeeded();
    const fields = [
      birthday.getByRole('textbox', { name: 'Day' }),
      birthday.getByRole('combobox', { name: 'Month' }),
      birthday.getByRole('textbox', { name: 'Year' }),
    ];
    const tops = async () => Promise.all(fields.map(async (field) => (await field.boundingBox())?.y));
    await expect.poll(async () => new Set(await tops()).size).toBe(1);
    // The month's name fits the box beside the chevron.
    const monthFits = await fields[1]!.evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = style.font;
      const room =
        input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      return context.measureText(input.value).width <= room;
    });
    expect(await fields[1]!.inputValue()).toBe('September');
    expect(monthFits).toBe(true);
    await shot('telegram-account-birthday-390');
    await page.setViewportSize({ width: 1360, height: 900 });
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
      buffer: solidPng([70, 130, 90], 96),
    });
    await expectVisible(page.getByRole('button', { name: /^Photo 1 of 1, .*, current$/ }));
    await expectVisible(page.getByRole('img', { name: '' }).first());
    await page.getByRole('button', { name: /^Photo 1 of 1, .*, current$/ }).click();
    await expectVisible(page.getByRole('img', { name: 'The profile photo' }));
    // The full-screen view fades in.
    await page.waitForTimeout(400);
    await shot('telegram-account-photo-full');
    await page.keyboard.press('Escape');
    await expectCount(page.getByRole('dialog'), 0);
  });

  it('names each photo tile apart and lines the tiles up at the top', async () => {
    await page.locator('input[type=file]').setInputFiles({
      name: 'juniper-blue.png',
      mimeType: 'image/png',
      buffer: solidPng([60, 110, 200], 96),
    });
    const newest = page.getByRole('button', { name: /^Photo 1 of 2, .*, current$/ });
    const older = page.getByRole('button', { name: /^Photo 2 of 2, (?!.*current)/ });
    await expectVisible(newest);
    await expectVisible(older);
    const imageTop = async (tile: typeof newest) => (await tile.locator('img').boundingBox())?.y;
    await expect.poll(async () => (await imageTop(older)) === (await imageTop(newest))).toBe(true);
    await newest.scrollIntoViewIfNeeded();
    await shot('telegram-account-photo-tiles');
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
    // The Phone column is dropped on a phone; the number shows under the name instead.
    await expectVisible(page.getByRole('row', { name: /Ada Reads/ }).getByText(ada.phone.slice(1)));
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

  it('knows the account is signed in on an agent page first opened on a tab other than Overview', async () => {
    await page.goto(`${telegramConsole.server.origin}/#/agents/Juniper/memory`);
    await page.reload();
    await expectVisible(page.getByText('@juniper_hale'));
    await expectVisible(page.getByRole('tab', { name: 'Profile' }));
    await expect.poll(() => page.getByRole('radio', { name: 'Telegram' }).isChecked()).toBe(true);
    await shot('telegram-account-memory-opened-first');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(400);
    await shot('telegram-account-memory-opened-first-390');
    await page.setViewportSize({ width: 1360, height: 900 });
  });
});
