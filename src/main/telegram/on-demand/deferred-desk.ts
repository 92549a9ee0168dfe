import type {
  Birthday,
  Contact,
  OwnProfile,
  PartnerProfile,
} from '../../../shared/api/telegram-account-contract';
import type { JoinTarget } from '../../../shared/domain/telegram-join-target';
import type { TelegramMembership } from '../memberships';
import type { TelegramAccountDesk } from '../profile';
import type { TelegramLoader } from './telegram-loader';

/** What the API's handlers ask of the desk: TelegramAccountDesk's public calls. */
export type AccountDesk = Pick<TelegramAccountDesk, keyof TelegramAccountDesk>;

/** The operator's desk as the runtime holds it from the start: each call loads GramJS if need be. */
export class DeferredAccountDesk implements AccountDesk {
  readonly #loader: TelegramLoader;

  constructor(loader: TelegramLoader) {
    this.#loader = loader;
  }

  async ownProfile(agent: string): Promise<OwnProfile> {
    return (await this.#desk()).ownProfile(agent);
  }

  async updateProfile(
    agent: string,
    change: { firstName: string; lastName: string; bio: string },
  ): Promise<OwnProfile> {
    return (await this.#desk()).updateProfile(agent, change);
  }

  async setUsername(agent: string, username: string): Promise<OwnProfile> {
    return (await this.#desk()).setUsername(agent, username);
  }

  async setBirthday(agent: string, birthday: Birthday | null): Promise<OwnProfile> {
    return (await this.#desk()).setBirthday(agent, birthday);
  }

  async uploadPhoto(agent: string, bytes: Uint8Array, fileName: string): Promise<OwnProfile> {
    return (await this.#desk()).uploadPhoto(agent, bytes, fileName);
  }

  async setPhoto(agent: string, photoId: string): Promise<OwnProfile> {
    return (await this.#desk()).setPhoto(agent, photoId);
  }

  async deletePhoto(agent: string, photoId: string): Promise<OwnProfile> {
    return (await this.#desk()).deletePhoto(agent, photoId);
  }

  async photo(agent: string, userId: number, photoId: string | null): Promise<Buffer | null> {
    return (await this.#desk()).photo(agent, userId, photoId);
  }

  async contacts(agent: string): Promise<Contact[]> {
    return (await this.#desk()).contacts(agent);
  }

  async deleteContacts(agent: string, userIds: readonly number[]): Promise<Contact[]> {
    return (await this.#desk()).deleteContacts(agent, userIds);
  }

  async partnerProfile(agent: string, channelId: number): Promise<PartnerProfile> {
    return (await this.#desk()).partnerProfile(agent, channelId);
  }

  async setContact(agent: string, userId: number, contact: boolean): Promise<PartnerProfile> {
    return (await this.#desk()).setContact(agent, userId, contact);
  }

  async memberships(agent: string): Promise<TelegramMembership[]> {
    return (await this.#desk()).memberships(agent);
  }

  async join(agent: string, target: JoinTarget): Promise<TelegramMembership> {
    return (await this.#desk()).join(agent, target);
  }

  async leave(agent: string, channelId: number): Promise<void> {
    return (await this.#desk()).leave(agent, channelId);
  }

  async setMuted(agent: string, channelId: number, muted: boolean): Promise<void> {
    return (await this.#desk()).setMuted(agent, channelId, muted);
  }

  async chatPhoto(agent: string, channelId: number): Promise<Buffer | null> {
    return (await this.#desk()).chatPhoto(agent, channelId);
  }

  async #desk(): Promise<TelegramAccountDesk> {
    return (await this.#loader.load()).desk;
  }
}
