import { Api } from 'telegram';
import { describe, expect, it } from 'vitest';
import { humanDuration, mapMessage, peerDirectory } from '../../../src/main/telegram/mapping';
import { long, overTheWire, photo, serviceMessage, user } from './tl-fixtures';

const peers = peerDirectory(
  [
    user(9002, { firstName: 'Priya', lastName: 'Shah' }),
    user(9003, { firstName: 'Bo' }),
    user(9004, { firstName: 'Ann' }),
  ].map(overTheWire),
  [
    overTheWire(
      new Api.Channel({
        id: long(777),
        title: 'Harbour News',
        broadcast: true,
        photo: new Api.ChatPhotoEmpty(),
        date: 1,
      }),
    ),
    overTheWire(
      new Api.Channel({
        id: long(888),
        title: 'Sailing',
        megagroup: true,
        photo: new Api.ChatPhotoEmpty(),
        date: 1,
      }),
    ),
  ],
);
const context = { selfId: 9001, peers, stickerSets: () => null };

const fromPriya = { fromId: new Api.PeerUser({ userId: long(9002) }) };
const inBroadcast = { peerId: new Api.PeerChannel({ channelId: long(777) }), fromId: undefined };
const inSupergroup = { peerId: new Api.PeerChannel({ channelId: long(888) }) };

/** The sentence a service message becomes (in the basic group 4242, sent by Priya unless overridden). */
function sentence(
  action: Api.TypeMessageAction,
  fields: Partial<ConstructorParameters<typeof Api.MessageService>[0]> = {},
): string | undefined {
  const mapped = mapMessage(serviceMessage(action, fields), context);
  const service = mapped.parts.find((part) => part.kind === 'service');
  return service?.kind === 'service' ? service.text : undefined;
}

describe('service messages', () => {
  it('tell joins, leaves and additions', () => {
    expect(sentence(new Api.MessageActionChatAddUser({ users: [long(9002)] }))).toBe(
      'Priya Shah joined the group',
    );
    expect(sentence(new Api.MessageActionChatAddUser({ users: [long(9003), long(9004)] }))).toBe(
      'Priya Shah added Bo and Ann to the group',
    );
    expect(sentence(new Api.MessageActionChatDeleteUser({ userId: long(9002) }))).toBe(
      'Priya Shah left the group',
    );
    expect(sentence(new Api.MessageActionChatDeleteUser({ userId: long(9003) }))).toBe(
      'Priya Shah removed Bo from the group',
    );
    expect(sentence(new Api.MessageActionChatJoinedByLink({ inviterId: long(9003) }))).toBe(
      'Priya Shah joined the group via an invite link',
    );
    expect(sentence(new Api.MessageActionChatJoinedByRequest(), inSupergroup)).toBe(
      'Priya Shah joined the group after an admin approved their request',
    );
  });

  it('tell creation, renaming and photo changes, in the passive when a channel posts them', () => {
    expect(
      sentence(new Api.MessageActionChatCreate({ title: 'Book club', users: [long(9002), long(9003)] })),
    ).toBe('Priya Shah created the group "Book club"');
    expect(sentence(new Api.MessageActionChannelCreate({ title: 'Harbour News' }), inBroadcast)).toBe(
      'The channel "Harbour News" was created',
    );
    expect(
      sentence(new Api.MessageActionChannelCreate({ title: 'Sailing' }), { ...inSupergroup, ...fromPriya }),
    ).toBe('Priya Shah created the group "Sailing"');
    expect(sentence(new Api.MessageActionChatEditTitle({ title: 'Readers' }))).toBe(
      'Priya Shah renamed the group to "Readers"',
    );
    expect(sentence(new Api.MessageActionChatEditTitle({ title: 'News!' }), inBroadcast)).toBe(
      'The channel was renamed to "News!"',
    );
    expect(sentence(new Api.MessageActionChatEditPhoto({ photo: photo(801) }))).toBe(
      'Priya Shah changed the group photo',
    );
    expect(sentence(new Api.MessageActionChatDeletePhoto(), inBroadcast)).toBe(
      'The channel photo was removed',
    );
  });

  it('tell pins, cleared history, migrations and contact sign-ups', () => {
    expect(
      sentence(new Api.MessageActionPinMessage(), {
        replyTo: new Api.MessageReplyHeader({ replyToMsgId: 12 }),
      }),
    ).toBe('Priya Shah pinned message 12');
    expect(sentence(new Api.MessageActionHistoryClear())).toBe('The chat history was cleared');
    expect(sentence(new Api.MessageActionChatMigrateTo({ channelId: long(888) }))).toBe(
      'This group was upgraded to a supergroup',
    );
    expect(
      sentence(
        new Api.MessageActionChannelMigrateFrom({ title: 'Book club', chatId: long(4242) }),
        inSupergroup,
      ),
    ).toBe('This supergroup was upgraded from the group "Book club"');
    expect(
      sentence(new Api.MessageActionContactSignUp(), {
        peerId: new Api.PeerUser({ userId: long(9003) }),
        fromId: undefined,
      }),
    ).toBe('Bo joined Telegram');
  });

  it('tell auto-delete timers in human units', () => {
    expect(sentence(new Api.MessageActionSetMessagesTTL({ period: 86_400 }))).toBe(
      'Priya Shah set messages to auto-delete after 1 day',
    );
    expect(sentence(new Api.MessageActionSetMessagesTTL({ period: 0 }))).toBe(
      'Priya Shah turned off auto-delete',
    );
    expect(sentence(new Api.MessageActionSetMessagesTTL({ period: 604_800 }), inBroadcast)).toBe(
      'Messages now auto-delete after 1 week',
    );
  });

  it('fall back to the event’s name for anything else, and say nothing for the empty action', () => {
    expect(sentence(new Api.MessageActionScreenshotTaken())).toBe(
      'Telegram event from Priya Shah: screenshot taken',
    );
    expect(sentence(new Api.MessageActionEmpty())).toBeUndefined();
  });

  it('keep the service message’s own fields', () => {
    const mapped = mapMessage(
      serviceMessage(new Api.MessageActionChatAddUser({ users: [long(9002)] })),
      context,
    );
    expect(mapped).toMatchObject({
      channelId: -4242,
      messageId: 7,
      senderId: 9002,
      senderName: 'Priya Shah',
      isAgent: false,
      reactions: [],
      mentioned: false,
    });
  });
});

describe('humanDuration', () => {
  it('states a period in the largest unit that measures it exactly', () => {
    expect(humanDuration(1)).toBe('1 second');
    expect(humanDuration(45)).toBe('45 seconds');
    expect(humanDuration(3_600)).toBe('1 hour');
    expect(humanDuration(5_400)).toBe('90 minutes');
    expect(humanDuration(172_800)).toBe('2 days');
    expect(humanDuration(1_209_600)).toBe('2 weeks');
    expect(humanDuration(2_678_400)).toBe('1 month');
    expect(humanDuration(31_536_000)).toBe('1 year');
  });
});
