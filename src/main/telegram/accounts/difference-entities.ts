import { type Api, utils } from 'telegram';
import type { RawUpdate } from './update-places';

// The users and chats that come with a difference, handed on with its updates.

/** Gives the updates of a difference the users and chats that came with it, as GramJS does for live ones. */
export function withEntities<T extends RawUpdate>(
  update: T,
  entities: Map<string, Api.TypeUser | Api.TypeChat>,
): T {
  (update as { _entities?: Map<string, Api.TypeUser | Api.TypeChat> })._entities = entities;
  return update;
}

/** An answer's users and chats by peer id, as GramJS keys the entities of live updates. */
export function entityMap(
  users: Api.TypeUser[],
  chats: Api.TypeChat[],
): Map<string, Api.TypeUser | Api.TypeChat> {
  return new Map([...users, ...chats].map((entity) => [utils.getPeerId(entity), entity]));
}
