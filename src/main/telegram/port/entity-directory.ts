import { Api, utils } from 'telegram';
import type { Clock } from '../../clock';
import { type KnownPeer, markedEntityId, type PeerDirectory } from '../mapping';
import { BoundedMap } from './bounded-map';
import { ExpiringCache } from './expiring-cache';

/** How long a user's or chat's names count as current. */
export const ENTITY_TTL_MS = 5 * 60 * 1000;

/** How many peers' access hashes an account keeps. */
const INPUT_PEER_CAPACITY = 50_000;

/**
 * The users and chats an account has seen (from updates and answers), by marked id. Names and
 * usernames change, so entities count as current for ENTITY_TTL_MS; access hashes never change,
 * so the input peers built from them are kept for good (within a bound).
 */
export class EntityDirectory {
  readonly #entities: ExpiringCache<number, KnownPeer>;
  readonly #inputPeers = new BoundedMap<number, Api.TypeInputPeer>(INPUT_PEER_CAPACITY);

  constructor(clock: Clock) {
    this.#entities = new ExpiringCache(clock, ENTITY_TTL_MS);
  }

  /** A "min" copy (partial, without access hash) never replaces a full one still fresh. */
  remember(entities: Iterable<KnownPeer>): void {
    for (const entity of entities) {
      if (entity instanceof Api.UserEmpty || entity instanceof Api.ChatEmpty) continue;
      const id = markedEntityId(entity);
      const known = this.#entities.get(id);
      if (known !== undefined && isMin(entity) && !isMin(known)) continue;
      this.#entities.set(id, entity);
      if (!isMin(entity) && !(entity instanceof Api.ChatForbidden)) {
        this.#inputPeers.set(id, utils.getInputPeer(entity, false));
      }
    }
  }

  /** The input peer of a user or channel seen before (basic groups need none). */
  inputPeer(markedId: number): Api.TypeInputPeer | undefined {
    return this.#inputPeers.get(markedId);
  }

  get(markedId: number): KnownPeer | undefined {
    return this.#entities.get(markedId);
  }

  /** Every fresh entity, as the mappers look names up. */
  directory(): PeerDirectory {
    return new Map(this.#entities.freshValues().map((entity) => [markedEntityId(entity), entity]));
  }
}

function isMin(peer: KnownPeer): boolean {
  return (peer instanceof Api.User || peer instanceof Api.Channel) && peer.min === true;
}
