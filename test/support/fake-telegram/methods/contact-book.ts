import { Api } from 'telegram';
import type { MethodTable } from '../method-table';
import { badRequest } from '../rpc-failure';
import type { MethodDeps } from './deps';

/** contacts.addContact and contacts.deleteContacts, answered with the updated users as Telegram does. */
export function registerContactBookMethods(table: MethodTable, deps: MethodDeps): void {
  const { store, views, inputs } = deps;

  table.on(Api.contacts.AddContact, (request, context) => {
    const me = context.me();
    const user = inputs.user(me, request.id);
    if (user.id === me.id) throw badRequest('CONTACT_ID_INVALID');
    const contacts = store.contacts.get(me.id) ?? new Set<bigint>();
    contacts.add(user.id);
    store.contacts.set(me.id, contacts);
    return new Api.Updates({ updates: [], users: [views.user(user, me.id)], chats: [], date: now(), seq: 0 });
  });

  table.on(Api.contacts.DeleteContacts, (request, context) => {
    const me = context.me();
    const users = request.id.map((input) => inputs.user(me, input));
    for (const user of users) store.contacts.get(me.id)?.delete(user.id);
    return new Api.Updates({
      updates: [],
      users: users.map((user) => views.user(user, me.id)),
      chats: [],
      date: now(),
      seq: 0,
    });
  });
}

const now = () => Math.floor(Date.now() / 1000);
