import type {
  Birthday,
  Contact,
  OwnProfile,
  PartnerProfile,
} from '../../../shared/api/telegram-account-contract';
import type { JoinTarget } from '../../../shared/domain/telegram-join-target';
import type { TelegramMembership } from '../memberships';
import { notConnected } from '../not-connected';
import type { TelegramAccountDesk } from '../profile';
import type { TelegramLoader } from './telegram-loader';

/** What the API's handlers ask of the desk: TelegramAccountDesk's public calls. */
export type AccountDesk = Pick<TelegramAccountDesk, keyof TelegramAccountDesk>;

/** The operator's desk as the runtime holds it from the start: each call runs on the loaded desk, or fails as for an agent not connected. */
export class DeferredAccountDesk implements AccountDesk {
  readonly #loader: TelegramLoader;

  constructor(loader: TelegramLoader) {
    this.#loader = loader;
  }

  async ownProfile(agent: string): Promise<OwnProfile> {
    return this.#desk(agent).ownProfile(agent);
  }

  async updateProfile(
    agent: string,
    change: { firstName: string; lastName: string; bio: string },
  ): Promise<OwnProfile> {
    return this.#desk(agent).updateProfile(agent, change);
  }

  async setUsername(agent: string, username: string): Promise<OwnProfile> {
    return this.#desk(agent).setUsername(agent, username);
  }

  async setBirthday(agent: string, birthday: Birthday | null): Promise<OwnProfile> {
    return this.#desk(agent).setBirthday(agent, birthday);
  }

  async uploadPhoto(agent: string, bytes: Uint8Array, fileName: string): Promise<OwnProfile> {
    return this.#desk(agent).uploadPhoto(agent, bytes, fileName);
  }

  async setPhoto(agent: string, photoId: string): Promise<OwnProfile> {
    return this.#desk(agent).setPhoto(agent, photoId);
  }

  async deletePhoto(agent: string, photoId: string): Promise<OwnProfile> {
    return this.#desk(agent).deletePhoto(agent, photoId);
  }

  async photo(agent: string, userId: number, photoId: string | null): Promise<Buffer | null> {
    return this.#desk(agent).photo(agent, userId, photoId);
  }

  async contacts(agent: string): Promise<Contact[]> {
    return this.#desk(agent).contacts(agent);
  }

  async deleteContacts(agent: string, userIds: readonly number[]): Promise<Contact[]> {
    return this.#desk(agent).deleteContacts(agent, userIds);
  }

  async partnerProfile(agent: string, channelId: number): Promise<PartnerProfile> {
    return this.#desk(agent).partnerProfile(agent, channelId);
  }

  async setContact(agent: string, userId: number, contact: boolean): Promise<PartnerProfile> {
    return this.#desk(agent).setContact(agent, userId, contact);
  }

  async memberships(agent: string): Promise<TelegramMembership[]> {
    return this.#desk(agent).memberships(agent);
  }

  async join(agent: string, target: JoinTarget): Promise<TelegramMembership> {
    return this.#desk(agent).join(agent, target);
  }

  async leave(agent: string, channelId: number): Promise<void> {
    return this.#desk(agent).leave(agent, channelId);
  }

  async setMuted(agent: string, channelId: number, muted: boolean): Promise<void> {
    return this.#desk(agent).setMuted(agent, channelId, muted);
  }

  async chatPhoto(agent: string, channelId: number): Promise<Buffer | null> {
    return this.#desk(agent).chatPhoto(agent, channelId);
  }

  /** The real desk; none is loaded while no account was ever wanted, so none can be connected. */
  #desk(agent: string): TelegramAccountDesk {
    const side = this.#loader.loaded();
    if (!side) throw notConnected(agent);
    return side.desk;
  }
}
