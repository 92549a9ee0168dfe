import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { initials } from '../../src/renderer/features/conversations/model';
import { createTelegramStore } from '../../src/renderer/features/telegram/store';
import { AgentContacts } from '../../src/renderer/features/telegram-account/components/AgentContacts';
import { AgentProfile } from '../../src/renderer/features/telegram-account/components/AgentProfile';
import { PartnerProfilePanel } from '../../src/renderer/features/telegram-account/components/PartnerProfilePanel';
import { bioHint, parseBirthday, photoTileLabel } from '../../src/renderer/features/telegram-account/model';
import { createTelegramAccountStore } from '../../src/renderer/features/telegram-account/store';
import { ApiError } from '../../src/shared/api/errors';
import { FakeRuntime, signedInAccount } from './support/fake-runtime';
import { contact, ownProfile } from './support/fake-telegram-account';
import { textOf } from './support/render-markup';
import { renderTelegramAccount } from './support/render-telegram-account';

async function setUp({ signedIn = true } = {}) {
  const runtime = new FakeRuntime();
  runtime.telegramAccounts.set('Juniper', signedInAccount('Juniper', signedIn));
  runtime.telegramProfiles.profiles.set(
    'Juniper',
    ownProfile({ photos: [{ id: '7', date: new Date(0).toISOString(), current: true }] }),
  );
  runtime.telegramProfiles.contacts.set('Juniper', [
    contact({ userId: 11, name: 'Ada Reads', username: 'ada_reads', phone: '+15550100', mutual: true }),
    contact({ userId: 12, name: 'Deleted account', deleted: true }),
    contact({ userId: 13, name: 'Tomás', blocked: true }),
    contact({ userId: 14, name: 'Tomás Ó Briain', phone: '+353870000014' }),
  ]);
  const telegram = createTelegramStore(runtime.client);
  await telegram.getState().actions.loadAccounts();
  const account = createTelegramAccountStore(runtime.client);
  const markup = (element: ReturnType<typeof createElement>) =>
    renderTelegramAccount({ telegram, account }, element);
  const draw = (element: ReturnType<typeof createElement>) => textOf(markup(element));
  return { runtime, account, actions: account.getState().actions, draw, markup };
}

describe('the agent’s Telegram profile in the console', () => {
  it('reads the birthday form and counts the bio against the limit without Premium', () => {
    expect(parseBirthday({ day: '29', month: '2', year: '' })).toEqual({
      birthday: { day: 29, month: 2, year: null },
    });
    expect(parseBirthday({ day: '0', month: '', year: '12' })).toEqual({
      errors: {
        day: 'Enter a day from 1 to 31.',
        month: 'Pick a month.',
        year: `Enter a year from 1900 to ${new Date().getFullYear()}, or leave it empty.`,
      },
    });
    expect(parseBirthday({ day: '3', month: '5', year: '1850' })).toEqual({
      errors: { year: `Enter a year from 1900 to ${new Date().getFullYear()}, or leave it empty.` },
    });
    expect(bioHint('Hello', { premium: false, bioLimit: 70 })).toBe(
      '5 / 70 characters: Telegram allows 70 without Premium (140 with it).',
    );
    expect(bioHint('Hello', { premium: true, bioLimit: 140 })).toBe('5 / 140 characters.');
  });

  it('shows the profile read from Telegram, and each change as Telegram answers it', async () => {
    const { actions, account, draw } = await setUp();
    await actions.loadProfile('Juniper');
    const text = draw(createElement(AgentProfile, { configName: 'Juniper', agentName: 'Juniper' }));
    expect(text).toContain('Name and bio');
    expect(text).toContain('21 / 70 characters: Telegram allows 70 without Premium');
    expect(text).toContain('Upload a photo…');
    expect(text).toContain('Current');

    await actions.updateProfile('Juniper', { firstName: 'June', lastName: '', bio: 'Books.' });
    await actions.setBirthday('Juniper', { day: 3, month: 5, year: null });
    expect(account.getState().profiles.Juniper?.value).toMatchObject({
      firstName: 'June',
      bio: 'Books.',
      birthday: { day: 3, month: 5, year: null },
    });
  });

  it('rejects a taken username with its field, and a change during a flood wait with the time left', async () => {
    const { runtime, actions, account } = await setUp();
    await actions.loadProfile('Juniper');
    const taken = await actions.setUsername('Juniper', 'ada_reads').catch((error: unknown) => error);
    expect(taken).toBeInstanceOf(ApiError);
    expect((taken as ApiError).issues).toEqual([
      { path: 'username', message: 'This username is taken; try another.' },
    ]);
    expect(account.getState().profiles.Juniper?.value?.username).toBe('juniper_hale');

    runtime.telegramProfiles.floodWaitSeconds = 42;
    const waiting = await actions
      .updateProfile('Juniper', { firstName: 'June', lastName: '', bio: '' })
      .catch((error: unknown) => error);
    expect((waiting as ApiError).message).toBe(
      'Telegram asks to wait 42 s before changing the profile again.',
    );
  });

  it('names each photo tile by its place, its day and whether it is the current one', async () => {
    const day = '2026-11-29T10:00:00.000Z';
    const photos = [
      { id: '1', date: day, current: true },
      { id: '2', date: day, current: false },
    ];
    expect(photoTileLabel(photos[0]!, 0, 2, 'en-GB')).toBe('Photo 1 of 2, 29 Nov 2026, current');
    expect(photoTileLabel(photos[1]!, 1, 2, 'en-GB')).toBe('Photo 2 of 2, 29 Nov 2026');

    const { runtime, actions, markup } = await setUp();
    runtime.telegramProfiles.profiles.set('Juniper', ownProfile({ photos }));
    await actions.loadProfile('Juniper');
    const html = markup(createElement(AgentProfile, { configName: 'Juniper', agentName: 'Juniper' }));
    const tileNames = [...html.matchAll(/aria-label="(Photo [^"]*)"/g)].map((match) => match[1]);
    expect(tileNames).toEqual([photoTileLabel(photos[0]!, 0, 2), photoTileLabel(photos[1]!, 1, 2)]);
  });

  it('says the agent must sign in when it is not on Telegram', async () => {
    const { draw } = await setUp({ signedIn: false });
    expect(draw(createElement(AgentProfile, { configName: 'Juniper', agentName: 'Juniper' }))).toContain(
      'Juniper is not signed in to Telegram',
    );
    expect(draw(createElement(AgentContacts, { configName: 'Juniper', agentName: 'Juniper' }))).toContain(
      'Log in on the Overview to see and change its contacts.',
    );
  });
});

describe('the agent’s contacts and partners in the console', () => {
  it('lists contacts with their marks and a link to each conversation, and deletes several', async () => {
    const { actions, account, draw } = await setUp();
    await actions.loadContacts('Juniper');
    const html = draw(createElement(AgentContacts, { configName: 'Juniper', agentName: 'Juniper' }));
    expect(html).toContain('4 contacts on Telegram');
    expect(html).toMatch(/Ada Reads @ada_reads \+15550100 Mutual/);
    expect(html).toContain('Deleted account Deleted account');
    expect(html).toMatch(/Tomás Blocked/);
    expect(html).toContain('Open conversation');

    await actions.deleteContacts('Juniper', [11, 13]);
    expect(account.getState().contacts.Juniper?.value?.map((entry) => entry.name)).toEqual([
      'Deleted account',
      'Tomás Ó Briain',
    ]);
  });

  it('gives a contact the initials the chat list gives them', async () => {
    expect(initials('Tomás Ó Briain')).toBe('TB');
    expect(initials('  ada  ')).toBe('A');
    expect(initials('😀 Sam')).toBe('😀S');
    expect(initials(' ')).toBe('?');
    const { actions, draw } = await setUp();
    await actions.loadContacts('Juniper');
    const text = draw(createElement(AgentContacts, { configName: 'Juniper', agentName: 'Juniper' }));
    expect(text).toContain('TB Tomás Ó Briain');
  });

  it('shows each contact’s phone under the name too, for a phone where the Phone column is hidden', async () => {
    const { actions, markup } = await setUp();
    await actions.loadContacts('Juniper');
    const html = markup(createElement(AgentContacts, { configName: 'Juniper', agentName: 'Juniper' }));
    const adaRow = html.split('<tr').find((row) => row.includes('Ada Reads')) ?? '';
    const cells = adaRow.split('<td').slice(1);
    const nameCell = cells.find((cell) => cell.includes('>Ada Reads<')) ?? '';
    expect(nameCell).toMatch(/mantine-hidden-from-sm[^>]*>\+15550100</);
  });

  it('shows a partner’s profile and adds them to the contacts', async () => {
    const { runtime, actions, account, draw } = await setUp();
    runtime.telegramProfiles.partners.set('Juniper/11', {
      kind: 'user',
      id: 11,
      name: 'Ada Reads',
      username: 'ada_reads',
      bio: 'Reads everything.',
      phone: null,
      photos: [],
      memberCount: null,
      contact: false,
      deleted: false,
      blocked: false,
    });
    await actions.loadPartner('Juniper', 11);
    const text = draw(createElement(PartnerProfilePanel, { agent: 'Juniper', channelId: 11 }));
    expect(text).toContain('Reads everything.');
    expect(text).toContain('Add to contacts');
    expect(text).toContain('No profile photos.');
    await actions.setContact('Juniper', 11, true);
    expect(account.getState().partners['Juniper/11']?.value?.contact).toBe(true);
  });
});
