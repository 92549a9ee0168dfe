import { Api } from 'telegram';
import { describe, expect, it } from 'vitest';
import { mapChatInfo } from '../../../src/main/telegram/mapping';
import { ChatInfoSchema } from '../../../src/shared/domain/conversation';
import { long, overTheWire, user } from './tl-fixtures';

function fullUser(fields: Partial<ConstructorParameters<typeof Api.UserFull>[0]>): Api.UserFull {
  return new Api.UserFull({
    id: long(9002),
    settings: new Api.PeerSettings({}),
    notifySettings: new Api.PeerNotifySettings({}),
    commonChatsCount: 1,
    ...fields,
  });
}

const chatPhoto = new Api.PhotoEmpty({ id: long(0) });

describe('mapChatInfo', () => {
  it('describes a direct chat by its partner: name, username, bio, birthday and phone', () => {
    const response = overTheWire(
      new Api.users.UserFull({
        fullUser: fullUser({
          about: 'Sailor and baker',
          birthday: new Api.Birthday({ day: 2, month: 4, year: 1999 }),
        }),
        chats: [],
        users: [user(9002, { firstName: 'Priya', lastName: 'Shah', username: 'pri', phone: '15550001234' })],
      }),
    );
    const info = mapChatInfo(response);
    expect(info).toEqual({
      channelId: 9002,
      kind: 'direct',
      title: 'Priya Shah',
      username: 'pri',
      participantCount: null,
      description: 'Sailor and baker',
      partner: {
        id: 9002,
        firstName: 'Priya',
        lastName: 'Shah',
        username: 'pri',
        bio: 'Sailor and baker',
        phone: '+15550001234',
        birthday: '1999-04-02',
      },
    });
    expect(ChatInfoSchema.parse(info)).toEqual(info);
  });

  it('leaves out what a partner keeps private, and writes a birthday without its year', () => {
    const response = overTheWire(
      new Api.users.UserFull({
        fullUser: fullUser({ birthday: new Api.Birthday({ day: 31, month: 12 }) }),
        chats: [],
        users: [user(9002, { firstName: 'Bo' })],
      }),
    );
    expect(mapChatInfo(response).partner).toEqual({
      id: 9002,
      firstName: 'Bo',
      lastName: null,
      username: null,
      bio: null,
      phone: null,
      birthday: '--12-31',
    });
  });

  it('describes a basic group with its participant count and description', () => {
    const response = overTheWire(
      new Api.messages.ChatFull({
        fullChat: new Api.ChatFull({
          id: long(4242),
          about: 'We read one book a month',
          participants: new Api.ChatParticipantsForbidden({ chatId: long(4242) }),
          notifySettings: new Api.PeerNotifySettings({}),
        }),
        chats: [
          new Api.Chat({
            id: long(4242),
            title: 'Book club',
            photo: new Api.ChatPhotoEmpty(),
            participantsCount: 12,
            date: 1,
            version: 3,
          }),
        ],
        users: [],
      }),
    );
    expect(mapChatInfo(response)).toEqual({
      channelId: -4242,
      kind: 'group',
      title: 'Book club',
      username: null,
      participantCount: 12,
      description: 'We read one book a month',
      partner: null,
    });
  });

  it('describes a supergroup as a group and a broadcast channel as a channel', () => {
    const channelFull = (about: string, participantsCount: number) =>
      new Api.ChannelFull({
        id: long(777),
        about,
        participantsCount,
        readInboxMaxId: 0,
        readOutboxMaxId: 0,
        unreadCount: 0,
        chatPhoto,
        notifySettings: new Api.PeerNotifySettings({}),
        botInfo: [],
        pts: 1,
      });
    const channel = (fields: Partial<ConstructorParameters<typeof Api.Channel>[0]>) =>
      new Api.Channel({
        id: long(777),
        title: 'Harbour',
        photo: new Api.ChatPhotoEmpty(),
        date: 1,
        ...fields,
      });
    const supergroup = overTheWire(
      new Api.messages.ChatFull({
        fullChat: channelFull('Boats and weather', 5120),
        chats: [channel({ megagroup: true, username: 'harbourchat', participantsCount: 5000 })],
        users: [],
      }),
    );
    expect(mapChatInfo(supergroup)).toEqual({
      channelId: -1_000_000_000_777,
      kind: 'group',
      title: 'Harbour',
      username: 'harbourchat',
      participantCount: 5120,
      description: 'Boats and weather',
      partner: null,
    });
    const broadcast = overTheWire(
      new Api.messages.ChatFull({
        fullChat: channelFull('', 90),
        chats: [
          channel({
            broadcast: true,
            usernames: [new Api.Username({ username: 'harbournews', active: true })],
          }),
        ],
        users: [],
      }),
    );
    expect(mapChatInfo(broadcast)).toMatchObject({
      kind: 'channel',
      username: 'harbournews',
      description: null,
    });
  });

  it('refuses an answer that does not include the chat it describes', () => {
    const response = new Api.users.UserFull({ fullUser: fullUser({}), chats: [], users: [user(1)] });
    expect(() => mapChatInfo(response)).toThrow(/does not include the user/);
  });
});
