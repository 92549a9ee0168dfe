import type {
  Birthday,
  Contact,
  OwnProfile,
  PartnerProfile,
} from '../../../shared/api/telegram-account-contract';
import type { JoinTarget } from '../../../shared/domain/telegram-join-target';
import type { Clock } from '../../clock';
import type { Logger } from '../../logging';
import type { TelegramAccount, TelegramAccounts } from '../accounts';
import {
  chatPhotoBytes,
  joinChat,
  leaveChat,
  listMemberships,
  setChatMuted,
  type TelegramMembership,
} from '../memberships';
import { notConnected } from '../not-connected';
import type { AccountContext } from '../port/account-context';
import { accountAction, type FloodCauses } from './account-actions';
import { addContact, deleteContacts, listContacts } from './contacts';
import { inputUserOf } from './input-user';
import {
  deleteProfilePhoto,
  readOwnProfile,
  setProfilePhoto,
  updateBirthday,
  updateProfile,
  updateUsername,
  uploadProfilePhoto,
} from './own-profile';
import { readPartnerProfile } from './partner-profile';
import { userPhotoBytes } from './profile-photos';

/**
 * The operator's desk for an agent's Telegram account: its profile, photos and contacts, the
 * profiles of the people it talks to, and its groups and channels. Every call runs on the
 * connected account (its `invoke`, so the flood-wait cool-down and session handling apply); see
 * accountAction for how refusals read.
 */
export class TelegramAccountDesk {
  readonly #accounts: TelegramAccounts;
  readonly #clock: Clock;
  readonly #logger: Logger;
  /** The account's context as the messaging port keeps it: one set of caches per account. */
  readonly #contextOf: (account: TelegramAccount) => AccountContext;
  readonly #floodCauses: FloodCauses = new Map();

  constructor(
    accounts: TelegramAccounts,
    contextOf: (account: TelegramAccount) => AccountContext,
    clock: Clock,
    logger: Logger,
  ) {
    this.#accounts = accounts;
    this.#contextOf = contextOf;
    this.#clock = clock;
    this.#logger = logger.child({ module: 'telegram-account-desk' });
  }

  async ownProfile(agent: string): Promise<OwnProfile> {
    const { profile, user } = await this.#act(agent, 'reading the profile', readOwnProfile);
    // A name or username changed (here, or in a Telegram app) shows on the account at once.
    this.#accounts.account(agent)?.userChanged(user);
    return profile;
  }

  async updateProfile(
    agent: string,
    change: { firstName: string; lastName: string; bio: string },
  ): Promise<OwnProfile> {
    await this.#act(agent, 'changing the profile', (context) => updateProfile(context, change));
    return this.ownProfile(agent);
  }

  async setUsername(agent: string, username: string): Promise<OwnProfile> {
    await this.#act(agent, 'changing the username', (context) => updateUsername(context, username));
    return this.ownProfile(agent);
  }

  async setBirthday(agent: string, birthday: Birthday | null): Promise<OwnProfile> {
    await this.#act(agent, 'changing the birthday', (context) => updateBirthday(context, birthday));
    return this.ownProfile(agent);
  }

  async uploadPhoto(agent: string, bytes: Uint8Array, fileName: string): Promise<OwnProfile> {
    await this.#act(agent, 'changing the profile photo', (context) =>
      uploadProfilePhoto(context, bytes, fileName),
    );
    return this.ownProfile(agent);
  }

  async setPhoto(agent: string, photoId: string): Promise<OwnProfile> {
    await this.#act(agent, 'changing the profile photo', (context) => setProfilePhoto(context, photoId));
    return this.ownProfile(agent);
  }

  async deletePhoto(agent: string, photoId: string): Promise<OwnProfile> {
    await this.#act(agent, 'removing a profile photo', (context) => deleteProfilePhoto(context, photoId));
    return this.ownProfile(agent);
  }

  /** A person's profile photo (the newest without an id), or null when there is none. */
  photo(agent: string, userId: number, photoId: string | null): Promise<Buffer | null> {
    return this.#act(agent, 'loading photos', async (context) =>
      userPhotoBytes(context, await inputUserOf(context, userId), photoId),
    );
  }

  contacts(agent: string): Promise<Contact[]> {
    return this.#act(agent, 'reading the contacts', listContacts);
  }

  async deleteContacts(agent: string, userIds: readonly number[]): Promise<Contact[]> {
    await this.#act(agent, 'changing the contacts', (context) => deleteContacts(context, userIds));
    this.#logger.info({ agent, count: userIds.length }, 'contacts deleted by the operator');
    return this.contacts(agent);
  }

  partnerProfile(agent: string, channelId: number): Promise<PartnerProfile> {
    return this.#act(agent, 'reading the profile', (context) => readPartnerProfile(context, channelId));
  }

  async setContact(agent: string, userId: number, contact: boolean): Promise<PartnerProfile> {
    await this.#act(agent, 'changing the contacts', (context) =>
      contact ? addContact(context, userId) : deleteContacts(context, [userId]),
    );
    return this.partnerProfile(agent, userId);
  }

  /** The groups and channels the account is in. */
  memberships(agent: string): Promise<TelegramMembership[]> {
    return this.#act(agent, 'reading the groups', (context) => listMemberships(context, this.#clock.now()));
  }

  async join(agent: string, target: JoinTarget): Promise<TelegramMembership> {
    const joined = await this.#act(agent, 'joining a group', (context) => joinChat(context, target));
    this.#logger.info({ agent, channelId: joined.channelId }, 'joined by the operator');
    return joined;
  }

  async leave(agent: string, channelId: number): Promise<void> {
    await this.#act(agent, 'leaving a group', (context) => leaveChat(context, channelId));
    this.#logger.info({ agent, channelId }, 'left by the operator');
  }

  setMuted(agent: string, channelId: number, muted: boolean): Promise<void> {
    return this.#act(agent, 'changing notifications', (context) => setChatMuted(context, channelId, muted));
  }

  /** A group or channel's photo, or null when it has none. */
  chatPhoto(agent: string, channelId: number): Promise<Buffer | null> {
    return this.#act(agent, 'loading photos', (context) => chatPhotoBytes(context, channelId));
  }

  #act<T>(agent: string, what: string, work: (context: AccountContext) => Promise<T>): Promise<T> {
    const account = this.#accounts.account(agent);
    if (!account) {
      return Promise.reject(notConnected(agent));
    }
    const context = this.#contextOf(account);
    return accountAction(account, this.#clock, what, () => work(context), this.#floodCauses);
  }
}
