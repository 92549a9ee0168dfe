import { Api } from 'telegram';
import type { TelegramUser } from '../../../shared/domain/telegram';
import { chatPerson } from './chat-info';
import { peerDisplayName, peerUsername } from './peer-directory';
import { markedUserId } from './peer-ids';

/** The logged-in account as the console shows it (from getMe or a finished login). */
export function telegramUserOf(me: Api.TypeUser): TelegramUser {
  if (!(me instanceof Api.User)) throw new Error('Telegram answered without the account.');
  return {
    id: markedUserId(me.id),
    name: peerDisplayName(me) ?? '',
    username: peerUsername(me),
    phone: chatPerson(me).phone,
    premium: me.premium === true,
  };
}
