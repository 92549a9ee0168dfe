import { describe, expect, it } from 'vitest';
import { createTelegramAccountHandlers } from '../../../src/main/api/handlers/telegram-account-handlers';
import { connectedDesk, deskCalls, ONE_PIXEL_PNG as PNG, refusal, requireJuniper } from './desk-calls';
import { startTelegramTestbed, TEST_TIMEOUT_MS } from './telegram-fixture';

async function setup() {
  const testbed = await startTelegramTestbed();
  const { fake } = testbed;
  const agent = fake.createUser({ phone: '+1 555 070 0001', firstName: 'Juniper', username: 'juniper_hale' });
  const ada = fake.createUser({
    phone: '+1 555 070 0002',
    firstName: 'Ada',
    lastName: 'Reads',
    username: 'ada_reads',
  });
  const tomas = fake.createUser({ phone: '+1 555 070 0003', firstName: 'Tomás', username: 'tomas_g' });
  fake.addContact(agent.id, ada.id);
  fake.addContact(agent.id, tomas.id);
  fake.setBlocked(agent.id, tomas.id, true);
  const desk = await connectedDesk(testbed, agent);
  const handlers = createTelegramAccountHandlers({
    desk,
    requireAgent: requireJuniper,
  });
  const { call, ok } = deskCalls(handlers);
  return { testbed, fake, agent, ada, tomas, call, ok };
}

describe('The agent’s Telegram account from the console', () => {
  it('reads and changes names, bio, username and birthday on Telegram', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const { testbed, ok } = await setup();
    try {
      const before = await ok('telegram.profile.get', {});
      expect(before).toMatchObject({
        firstName: 'Juniper',
        username: 'juniper_hale',
        bioLimit: 70,
        birthday: null,
      });

      await ok('telegram.profile.update', { firstName: 'June', lastName: 'Hale', bio: 'Books in Galway.' });
      await ok('telegram.profile.setUsername', { username: '@june_hale' });
      const after = await ok('telegram.profile.setBirthday', { birthday: { day: 29, month: 2, year: null } });
      expect(after).toMatchObject({
        firstName: 'June',
        lastName: 'Hale',
        bio: 'Books in Galway.',
        username: 'june_hale',
        birthday: { day: 29, month: 2, year: null },
      });
      // Setting the username it has already is no failure.
      expect(await ok('telegram.profile.setUsername', { username: 'june_hale' })).toMatchObject({
        username: 'june_hale',
      });
      expect(await ok('telegram.profile.setBirthday', { birthday: null })).toMatchObject({ birthday: null });
    } finally {
      await testbed.close();
    }
  });

  it('refuses a taken or invalid username, and a bio over 70 characters, on their fields', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const { testbed, call } = await setup();
    try {
      const taken = refusal(await call('telegram.profile.setUsername', { username: 'ada_reads' }));
      expect(taken).toMatchObject({
        code: 'invalid_input',
        issues: [{ path: 'username', message: 'This username is taken; try another.' }],
      });
      const invalid = refusal(await call('telegram.profile.setUsername', { username: '9lives' }));
      expect(invalid.issues?.[0]?.path).toBe('username');
      expect(invalid.message).toMatch(/5 to 32 characters/);
      const longBio = refusal(
        await call('telegram.profile.update', { firstName: 'Juniper', lastName: '', bio: 'b'.repeat(71) }),
      );
      expect(longBio.issues?.[0]).toEqual({
        path: 'bio',
        message: 'A bio has at most 70 characters without Telegram Premium (71 now).',
      });
      const badDay = refusal(
        await call('telegram.profile.setBirthday', { birthday: { day: 31, month: 4, year: 1990 } }),
      );
      expect(badDay.issues?.[0]).toEqual({ path: 'birthday.day', message: 'That month has 30 days.' });
    } finally {
      await testbed.close();
    }
  });

  it('uploads photos, shows one, sets an older one as current and removes one; a file that is no image is refused', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const { testbed, ok, call } = await setup();
    try {
      const notImage = refusal(
        await call('telegram.profile.uploadPhoto', {
          fileName: 'notes.txt',
          dataBase64: Buffer.from('just some words').toString('base64'),
        }),
      );
      expect(notImage.issues?.[0]).toEqual({
        path: 'photo',
        message: 'notes.txt is not a JPEG or PNG image; pick a photo.',
      });

      await ok('telegram.profile.uploadPhoto', { fileName: 'first.png', dataBase64: PNG.toString('base64') });
      const two = await ok<'telegram.profile.uploadPhoto'>('telegram.profile.uploadPhoto', {
        fileName: 'second.png',
        dataBase64: PNG.toString('base64'),
      });
      const [newest, older] = (two as { photos: { id: string; current: boolean }[] }).photos;
      expect([newest?.current, older?.current]).toEqual([true, false]);

      const self = (two as { userId: number }).userId;
      const shown = (await ok('telegram.photo', { userId: self, photoId: older!.id })) as { dataUrl: string };
      expect(shown.dataUrl).toBe(`data:image/png;base64,${PNG.toString('base64')}`);

      const swapped = (await ok('telegram.profile.setPhoto', { photoId: older!.id })) as {
        photos: { id: string; current: boolean }[];
      };
      expect(swapped.photos.find((photo) => photo.current)?.id).toBe(older!.id);
      const left = (await ok('telegram.profile.deletePhoto', { photoId: newest!.id })) as {
        photos: { id: string }[];
      };
      expect(left.photos.map((photo) => photo.id)).toEqual([older!.id]);
    } finally {
      await testbed.close();
    }
  });

  it('lists contacts with their marks, deletes several, and adds and removes a partner', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const { testbed, fake, agent, ada, tomas, ok } = await setup();
    try {
      const photo = fake.createPhoto({ bytes: PNG });
      fake.setProfilePhoto(ada.id, photo);
      const { contacts } = (await ok('telegram.contacts.list', {})) as {
        contacts: {
          userId: number;
          name: string;
          phone: string | null;
          blocked: boolean;
          photoId: string | null;
        }[];
      };
      expect(contacts.map((entry) => [entry.name, entry.blocked, entry.photoId !== null])).toEqual([
        ['Ada Reads', false, true],
        ['Tomás', true, false],
      ]);
      expect(contacts[0]?.phone).toBe('+15550700002');

      const avatar = (await ok('telegram.photo', {
        userId: contacts[0]!.userId,
        photoId: contacts[0]!.photoId,
      })) as {
        dataUrl: string;
      };
      expect(avatar.dataUrl).toMatch(/^data:image\/png;base64,/);

      const emptied = (await ok('telegram.contacts.delete', {
        userIds: contacts.map((entry) => entry.userId),
      })) as { contacts: unknown[] };
      expect(emptied.contacts).toEqual([]);

      // Ada writes: the conversation's partner can be added back from her profile.
      fake.userSays(ada.id, agent.id, 'Hello!');
      const adaId = contacts[0]!.userId;
      const profile = await ok('telegram.partner.get', { channelId: adaId });
      expect(profile).toMatchObject({
        kind: 'user',
        name: 'Ada Reads',
        username: 'ada_reads',
        contact: false,
      });
      expect(await ok('telegram.partner.setContact', { userId: adaId, contact: true })).toMatchObject({
        contact: true,
      });
      const listed = (await ok('telegram.contacts.list', {})) as { contacts: { userId: number }[] };
      expect(listed.contacts.map((entry) => entry.userId)).toEqual([adaId]);
      expect(await ok('telegram.partner.setContact', { userId: adaId, contact: false })).toMatchObject({
        contact: false,
      });

      const group = fake.createGroup({
        title: 'Book club',
        creatorId: ada.id,
        memberIds: [agent.id, ada.id, tomas.id],
      });
      fake.groupSays(ada.id, group.id, 'Welcome!');
      const club = await ok('telegram.partner.get', { channelId: -Number(group.id) });
      expect(club).toMatchObject({ kind: 'group', name: 'Book club', memberCount: 3, contact: null });
    } finally {
      await testbed.close();
    }
  });

  it('says how long Telegram asks to wait after a flood wait, and refuses again while it lasts', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const { testbed, fake, call } = await setup();
    try {
      fake.floodWait('account.updateProfile', 42);
      const change = { firstName: 'June', lastName: '', bio: '' };
      const first = refusal(await call('telegram.profile.update', change));
      expect(first).toMatchObject({
        code: 'unavailable',
        message: 'Telegram asks to wait 42 s before changing the profile again.',
        details: { retryAfterSeconds: 42 },
      });
      const again = refusal(await call('telegram.profile.setUsername', { username: 'june_hale' }));
      // The wait is the account's: another action names the one that brought it on.
      expect(again.message).toMatch(
        /^Telegram asked the account to wait after changing the profile: changing the username works again in 4[12] s \(the agent neither reads nor writes until then\)\.$/,
      );
      expect(fake.calls.filter((entry) => entry.method === 'account.UpdateUsername')).toEqual([]);
    } finally {
      await testbed.close();
    }
  });

  it('tells a Telegram hiccup and a refusal as the action taken, and whether to try again', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const { testbed, fake, call, ok } = await setup();
    try {
      const { contacts } = (await ok('telegram.contacts.list', {})) as { contacts: { userId: number }[] };
      fake.failNext('account.updateProfile', 500, 'INTERNAL');
      const hiccup = refusal(
        await call('telegram.profile.update', { firstName: 'June', lastName: '', bio: '' }),
      );
      expect(hiccup).toMatchObject({
        code: 'unavailable',
        message:
          'Telegram could not finish changing the profile just now (Telegram answered INTERNAL); try again in a moment.',
      });
      fake.failNext('contacts.deleteContacts', 400, 'CONTACT_ID_INVALID');
      const refused = refusal(await call('telegram.contacts.delete', { userIds: [contacts[0]!.userId] }));
      expect(refused).toMatchObject({
        code: 'conflict',
        message: 'Telegram refused changing the contacts (CONTACT_ID_INVALID).',
      });
    } finally {
      await testbed.close();
    }
  });

  it('shows a revoked session as signed out without failing anything else', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const { testbed, fake, call } = await setup();
    try {
      fake.failNext('users.getFullUser', 401, 'AUTH_KEY_UNREGISTERED');
      const ended = refusal(await call('telegram.profile.get', {}));
      expect(ended.message).toMatch(/ended Juniper's session \(AUTH_KEY_UNREGISTERED\); log in again/);
      expect(testbed.accounts.view('Juniper')?.connection).toBe('logged-out');
      const later = refusal(await call('telegram.contacts.list', {}));
      expect(later.message).toMatch(/logged out of Telegram|not connected/);
    } finally {
      await testbed.close();
    }
  });
});
