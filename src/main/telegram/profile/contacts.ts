import { Api, helpers } from 'telegram';
import type { Contact } from '../../../shared/api/telegram-account-contract';
import { markedUserId, peerDisplayName, peerUsername } from '../mapping';
import type { AccountContext } from '../port/account-context';
import { inputUserOf } from './input-user';
import { currentPhotoId } from './profile-photos';

/** The agent's contacts (contacts.getContacts), by name, each with its blocked and deleted marks. */
export async function listContacts(context: AccountContext): Promise<Contact[]> {
  const answer = await context.account.invoke(
    new Api.contacts.GetContacts({ hash: helpers.returnBigInt(0) }),
  );
  if (!(answer instanceof Api.contacts.Contacts)) return [];
  context.remember(answer);
  const users = new Map(answer.users.map((user) => [user.id.toString(), user]));
  const contacts: Contact[] = [];
  for (const entry of answer.contacts) {
    const user = users.get(entry.userId.toString());
    const userId = markedUserId(entry.userId);
    const known = user instanceof Api.User ? user : null;
    contacts.push({
      userId,
      name: (known && peerDisplayName(known)) || (known?.deleted ? 'Deleted account' : `User ${userId}`),
      username: known ? peerUsername(known) : null,
      phone: known?.phone ? `+${known.phone}` : null,
      photoId: currentPhotoId(user),
      deleted: known?.deleted === true || user instanceof Api.UserEmpty,
      blocked: await context.blocklist.has(userId),
      mutual: entry.mutual === true,
    });
  }
  return contacts.sort((a, b) => a.name.localeCompare(b.name));
}

export async function deleteContacts(context: AccountContext, userIds: readonly number[]): Promise<void> {
  const id = await Promise.all(userIds.map((userId) => inputUserOf(context, userId)));
  await context.account.invoke(new Api.contacts.DeleteContacts({ id }));
}

/** Adds a person under the name Telegram shows for them, without sharing the agent's phone. */
export async function addContact(context: AccountContext, userId: number): Promise<void> {
  const id = await inputUserOf(context, userId);
  const user = context.entities.get(userId);
  const named = user instanceof Api.User ? user : null;
  await context.account.invoke(
    new Api.contacts.AddContact({
      id,
      firstName: named?.firstName ?? named?.username ?? `User ${userId}`,
      lastName: named?.lastName ?? '',
      phone: '',
    }),
  );
}
