import { describe, expect, it } from 'vitest';
import {
  createTelegramMembershipHandlers,
  type TelegramGags,
} from '../../../src/main/api/handlers/telegram-membership-handlers';
import type { Membership } from '../../../src/shared/api';
import { connectedDesk, deskCalls, ONE_PIXEL_PNG as PNG, refusal, requireJuniper } from './desk-calls';
import { startTelegramTestbed, TEST_TIMEOUT_MS } from './telegram-fixture';

/** The gags as the engine keeps them, in memory: none until set. */
function gagBook(): TelegramGags {
  const gagged = new Set<string>();
  return {
    gagged: (agent, channelId) => gagged.has(`${agent}/${channelId}`),
    setGagged(agent, channelId, on) {
      if (on) gagged.add(`${agent}/${channelId}`);
      else gagged.delete(`${agent}/${channelId}`);
      return on;
    },
  };
}

async function setup() {
  const testbed = await startTelegramTestbed();
  const { fake } = testbed;
  const agent = fake.createUser({ phone: '+1 555 071 0001', firstName: 'Juniper', username: 'juniper_hale' });
  const ada = fake.createUser({ phone: '+1 555 071 0002', firstName: 'Ada', username: 'ada_reads' });
  const bookClub = fake.createGroup({ title: 'Book club', creatorId: ada.id, memberIds: [agent.id] });
  const poetry = fake.createChannel({
    title: 'Galway Poetry',
    username: 'galway_poetry',
    memberIds: [ada.id],
    photo: fake.createPhoto({ bytes: PNG, width: 1, height: 1 }),
  });
  const news = fake.createChannel({ title: 'Bookshop News', broadcast: true, memberIds: [ada.id] });
  const readers = fake.createGroup({ title: 'Night readers', creatorId: ada.id, memberIds: [] });
  const desk = await connectedDesk(testbed, agent);
  /** Each agent whose chats changed, in order: the console's lists reload on it. */
  const chatsChanged: string[] = [];
  const handlers = createTelegramMembershipHandlers({
    desk,
    gags: gagBook(),
    requireAgent: requireJuniper,
    chatsChanged: (configName) => chatsChanged.push(configName),
  });
  const { call, ok } = deskCalls(handlers);
  const list = async (): Promise<Membership[]> =>
    ((await ok('telegram.memberships.list', {})) as { memberships: Membership[] }).memberships;
  return { testbed, fake, agent, ada, bookClub, poetry, news, readers, call, ok, list, chatsChanged };
}

const CHANNEL_OFFSET = 1_000_000_000_000;
const channelIdOf = (id: bigint) => -(CHANNEL_OFFSET + Number(id));

describe('The agent’s groups and channels from the console', () => {
  it('joins by @username, t.me link and invite link, each new one muted and gagged', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const { testbed, fake, agent, bookClub, poetry, news, readers, ok, list } = await setup();
    try {
      expect(await list()).toEqual([
        {
          channelId: -Number(bookClub.id),
          kind: 'group',
          title: 'Book club',
          username: null,
          photoId: null,
          memberCount: 2,
          muted: false,
          gagged: false,
        },
      ]);

      const byName = await ok('telegram.memberships.join', { target: '@galway_poetry' });
      expect(byName).toEqual({ channelId: channelIdOf(poetry.id), title: 'Galway Poetry', warnings: [] });
      const newsInvite = fake.createInviteLink({ channelId: news.id });
      await ok('telegram.memberships.join', { target: `https://t.me/+${newsInvite}` });
      const readersInvite = fake.createInviteLink({ chatId: readers.id });
      await ok('telegram.memberships.join', { target: `tg://join?invite=${readersInvite}` });

      expect(fake.membersOf({ channelId: poetry.id })).toContain(agent.id);
      expect(fake.membersOf({ chatId: readers.id })).toContain(agent.id);
      expect(fake.channelMuteUntil(agent.id, news.id)).toBeGreaterThan(Date.now() / 1000 + 86_400 * 365);
      const after = await list();
      expect(after.map(({ title, kind, muted, gagged }) => ({ title, kind, muted, gagged }))).toEqual([
        { title: 'Book club', kind: 'group', muted: false, gagged: false },
        { title: 'Bookshop News', kind: 'channel', muted: true, gagged: true },
        { title: 'Galway Poetry', kind: 'supergroup', muted: true, gagged: true },
        { title: 'Night readers', kind: 'group', muted: true, gagged: true },
      ]);
      const poetryRow = after.find((row) => row.title === 'Galway Poetry');
      expect(poetryRow).toMatchObject({ username: 'galway_poetry', memberCount: 2 });
      expect(poetryRow?.photoId).not.toBeNull();
      const photo = (await ok('telegram.memberships.photo', { channelId: channelIdOf(poetry.id) })) as {
        dataUrl: string;
      };
      expect(photo.dataUrl).toBe(`data:image/png;base64,${PNG.toString('base64')}`);

      // A public channel's t.me link is its username.
      const club = fake.createChannel({ title: 'Cúirt festival', username: 'cuirt_fest' });
      await ok('telegram.memberships.join', { target: 't.me/cuirt_fest/12' });
      expect(fake.membersOf({ channelId: club.id })).toEqual([agent.id]);
    } finally {
      await testbed.close();
    }
  });

  it('joins although it could not mute, saying so as a warning', { timeout: TEST_TIMEOUT_MS }, async () => {
    const { testbed, fake, poetry, ok, list } = await setup();
    try {
      fake.failNext('account.updateNotifySettings', 400, 'PEER_ID_INVALID');
      const joined = (await ok('telegram.memberships.join', { target: 'galway_poetry' })) as {
        warnings: string[];
      };
      expect(joined.warnings).toEqual([
        expect.stringMatching(/^Joined Galway Poetry, but it could not be muted: .*PEER_ID_INVALID/),
      ]);
      expect((await list()).find((row) => row.channelId === channelIdOf(poetry.id))).toMatchObject({
        muted: false,
        gagged: true,
      });
    } finally {
      await testbed.close();
    }
  });

  it('says under the field what is wrong with a link or name', { timeout: TEST_TIMEOUT_MS }, async () => {
    const { testbed, fake, bookClub, readers, call } = await setup();
    try {
      const onField = async (target: string) => {
        const error = refusal(await call('telegram.memberships.join', { target }));
        expect(error.code).toBe('invalid_input');
        expect(error.issues?.[0]?.path).toBe('target');
        return error.issues?.[0]?.message;
      };
      expect(await onField('t.me/+NoSuchInviteHash')).toBe(
        'This invite link does not exist; check it for typos.',
      );
      const expired = fake.createInviteLink({ chatId: readers.id });
      fake.expireInviteLink(expired);
      expect(await onField(`t.me/joinchat/${expired}`)).toBe(
        'This invite link has expired or was revoked; ask for a new one.',
      );
      expect(await onField('@nobody_here')).toBe(
        'No group or channel has this username; check it for typos.',
      );
      expect(await onField('@ada_reads')).toBe('@ada_reads is a person’s account, not a group or channel.');
      const clubInvite = fake.createInviteLink({ chatId: bookClub.id });
      expect(await onField(`t.me/+${clubInvite}`)).toBe('The agent is already in Book club.');
      expect(await onField('https://example.com/group')).toMatch(/^Enter a @username, a t.me link/);
      expect(await onField('@x')).toMatch(/is not a Telegram username/);
      expect(fake.calls.filter((entry) => entry.method === 'messages.ImportChatInvite')).toEqual([]);
    } finally {
      await testbed.close();
    }
  });

  it('leaves groups and channels, and mutes and unmutes them', { timeout: TEST_TIMEOUT_MS }, async () => {
    const { testbed, fake, agent, bookClub, poetry, ok, list, chatsChanged } = await setup();
    try {
      await ok('telegram.memberships.join', { target: '@galway_poetry' });
      expect(chatsChanged).toEqual(['Juniper']);
      const poetryId = channelIdOf(poetry.id);
      expect(await ok('telegram.memberships.setMuted', { channelId: poetryId, muted: false })).toEqual({
        channelId: poetryId,
        muted: false,
      });
      expect(fake.channelMuteUntil(agent.id, poetry.id)).toBe(0);
      // The engine reads mute through the port: it sees the change at once, not after its cache ends.
      expect(await testbed.port.isMuted('Juniper', -Number(bookClub.id))).toBe(false);
      await ok('telegram.memberships.setMuted', { channelId: -Number(bookClub.id), muted: true });
      expect(fake.muteUntil(agent.id, { chatId: bookClub.id })).toBeGreaterThan(0);
      expect(await testbed.port.isMuted('Juniper', -Number(bookClub.id))).toBe(true);
      await ok('telegram.memberships.setGagged', { channelId: poetryId, gagged: false });
      expect((await list()).map(({ title, muted, gagged }) => ({ title, muted, gagged }))).toEqual([
        { title: 'Book club', muted: true, gagged: false },
        { title: 'Galway Poetry', muted: false, gagged: false },
      ]);

      await ok('telegram.memberships.leave', { channelId: poetryId });
      await ok('telegram.memberships.leave', { channelId: -Number(bookClub.id) });
      expect(fake.membersOf({ channelId: poetry.id })).not.toContain(agent.id);
      expect(fake.membersOf({ chatId: bookClub.id })).not.toContain(agent.id);
      expect(await list()).toEqual([]);
      expect(chatsChanged).toEqual(['Juniper', 'Juniper', 'Juniper']);
    } finally {
      await testbed.close();
    }
  });

  it('names the seconds a flood wait on a join has left, and refuses to list the groups meanwhile', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const { testbed, fake, call } = await setup();
    try {
      fake.floodWait('channels.joinChannel', 73);
      const first = refusal(await call('telegram.memberships.join', { target: '@galway_poetry' }));
      expect(first).toMatchObject({
        code: 'unavailable',
        message: 'Telegram asks to wait 73 s before joining a group again.',
        details: { retryAfterSeconds: 73 },
      });
      const again = refusal(await call('telegram.memberships.list', {}));
      expect(again.message).toMatch(
        /^Telegram asked the account to wait after joining a group: reading the groups works again in 7[23] s/,
      );
    } finally {
      await testbed.close();
    }
  });
});
