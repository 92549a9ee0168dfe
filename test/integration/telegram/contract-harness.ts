import type { FakeChat, FakeUser } from '../../support/fake-telegram';
import type {
  ContractPerson,
  MessagingContractHarness,
  PersonOptions,
} from '../../support/messaging-contract';
import { startTelegramTestbed } from './telegram-fixture';

export const AGENT = 'Cindy';
const STICKER_SET = 'WendyDancer';

function contractPerson(user: FakeUser): ContractPerson {
  return { id: Number(user.id), firstName: user.firstName, lastName: user.lastName, username: user.username };
}

/**
 * The contract driver over TelegramMessagingPort on a fake Telegram: the agent is a logged-in
 * account with a username, a sticker set, and a photo and a video in its Saved Messages; the people are other users of the fake. A direct
 * chat's person is one of the agent's contacts, since a Telegram account can only address a
 * user it has seen (the port finds contacts by itself).
 */
export async function telegramContractHarness(): Promise<MessagingContractHarness> {
  const testbed = await startTelegramTestbed();
  const { fake } = testbed;
  let usersCreated = 0;
  const newUser = (firstName: string, lastName?: string) => {
    usersCreated += 1;
    return fake.createUser({
      phone: `+1 555 077 ${String(usersCreated).padStart(4, '0')}`,
      firstName,
      lastName,
      username: `${firstName.toLowerCase()}_${usersCreated}`,
    });
  };
  const agentUser = newUser('Cindy', 'Lou');
  fake.createStickerSet({
    shortName: STICKER_SET,
    title: 'Wendy the Dancer',
    stickers: [{ emoji: '😀' }, { emoji: '😢' }],
  });
  // The agent's media library: what the operator saved in its Saved Messages.
  fake.userSays(agentUser.id, agentUser.id, '', { media: fake.createPhoto() });
  fake.userSays(agentUser.id, agentUser.id, '', {
    media: fake.createDocument({ mimeType: 'video/mp4', fileName: 'clip.mp4' }),
  });
  const view = await testbed.accounts.connect(
    AGENT,
    await testbed.connectOptions(agentUser, { stickerSets: [STICKER_SET] }),
  );
  if (view.connection !== 'connected') throw new Error(`the agent did not connect: ${JSON.stringify(view)}`);

  const directPartners = new Map<number, FakeUser>();
  const groupMembers = new Map<number, FakeUser[]>();
  /** The chat as the acting person sees it. */
  const chatOf = (channelId: number): FakeChat =>
    channelId > 0 ? agentUser.id : { chatId: BigInt(-channelId) };
  const actor = (channelId: number, options?: PersonOptions): bigint => {
    if (options?.from !== undefined) return BigInt(options.from);
    const person = channelId > 0 ? directPartners.get(channelId) : groupMembers.get(channelId)?.[0];
    if (!person) throw new Error(`no chat ${channelId} in this harness`);
    return person.id;
  };
  const agentMessage = (messageId: number) => ({ ownerId: agentUser.id, messageId });

  return {
    port: testbed.port,
    agent: AGENT,
    async createDirectChat() {
      const person = newUser('Ann', 'Reader');
      fake.addContact(agentUser.id, person.id);
      const channelId = Number(person.id);
      directPartners.set(channelId, person);
      return { channelId, person: contractPerson(person) };
    },
    async createGroupChat() {
      const people = [newUser('Bob'), newUser('Carla', 'Diaz')];
      const group = fake.createGroup({
        title: 'Book club',
        creatorId: people[0]!.id,
        memberIds: [agentUser.id, people[1]!.id],
      });
      const channelId = -Number(group.id);
      groupMembers.set(channelId, people);
      return { channelId, title: group.title, people: people.map(contractPerson) };
    },
    async personSays(channelId, text, options) {
      const from = actor(channelId, options);
      const sayOptions = options?.replyTo === undefined ? {} : { replyTo: agentMessage(options.replyTo) };
      const sent =
        channelId > 0
          ? fake.userSays(from, agentUser.id, text, sayOptions)
          : fake.groupSays(from, BigInt(-channelId), text, sayOptions);
      return sent.idFor(agentUser.id);
    },
    async personEdits(channelId, messageId, text, options) {
      fake.userEdits(actor(channelId, options), agentMessage(messageId), text);
    },
    async personDeletes(channelId, messageIds, options) {
      fake.userDeletes(actor(channelId, options), messageIds.map(agentMessage));
    },
    async personReacts(channelId, messageId, emoji, options) {
      fake.userReacts(actor(channelId, options), agentMessage(messageId), emoji);
    },
    async personTypes(channelId, options) {
      fake.userTypes(actor(channelId, options), chatOf(channelId));
    },
    close: () => testbed.close(),
  };
}
