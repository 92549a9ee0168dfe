import { Api } from 'telegram';
import type { Membership } from '../../../shared/api/telegram-membership-contract';
import { isMutedAt, markedPeerId, peerUsername } from '../mapping';
import type { AccountContext } from '../port/account-context';
import { fetchDialogs } from '../port/dialogs';

/** A membership as Telegram knows it; the gag is Troupe's and added by the caller. */
export type TelegramMembership = Omit<Membership, 'gagged'>;

/** Accounts may be in at most 500 groups and channels (1,000 with Premium), and keep more chats. */
const MAX_DIALOGS = 3_000;

/** What the agent is a member of: a basic group, a supergroup or a channel it has not left. */
export function membershipOf(
  chat: Api.TypeUser | Api.TypeChat | undefined,
  muted: boolean,
): TelegramMembership | null {
  if (chat instanceof Api.Chat) {
    if (chat.left || chat.deactivated) return null;
    return {
      channelId: markedPeerId(new Api.PeerChat({ chatId: chat.id })),
      kind: 'group',
      title: chat.title,
      username: null,
      photoId: chat.photo instanceof Api.ChatPhoto ? chat.photo.photoId.toString() : null,
      memberCount: chat.participantsCount,
      muted,
    };
  }
  if (chat instanceof Api.Channel) {
    if (chat.left) return null;
    return {
      channelId: markedPeerId(new Api.PeerChannel({ channelId: chat.id })),
      kind: chat.broadcast ? 'channel' : 'supergroup',
      title: chat.title,
      username: peerUsername(chat),
      photoId: chat.photo instanceof Api.ChatPhoto ? chat.photo.photoId.toString() : null,
      memberCount: chat.participantsCount ?? null,
      muted,
    };
  }
  return null;
}

/** The groups and channels in the account's dialogs (archived ones aside), by title. */
export async function listMemberships(context: AccountContext, now: Date): Promise<TelegramMembership[]> {
  const { dialogs } = await fetchDialogs(context, MAX_DIALOGS);
  const memberships: TelegramMembership[] = [];
  for (const dialog of dialogs) {
    if (dialog.peer instanceof Api.PeerUser) continue;
    const chat = context.entities.get(markedPeerId(dialog.peer));
    const membership = membershipOf(chat, isMutedAt(dialog.notifySettings, now));
    if (membership) memberships.push(membership);
  }
  return memberships.sort((a, b) => a.title.localeCompare(b.title));
}
