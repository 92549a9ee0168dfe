import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ApiClient } from '../../../shared/api/client';
import type {
  Birthday,
  Contact,
  OwnProfile,
  PartnerProfile,
} from '../../../shared/api/telegram-account-contract';
import type { Membership } from '../../../shared/api/telegram-membership-contract';
import { errorMessage } from '../../api/errors';
import type { LoadStatus } from '../../ui/load-status';
import { type MembershipActions, membershipActions } from './memberships-slice';

export type Loaded<T> = { status: LoadStatus; value: T | null; error: string | null };

export interface TelegramAccountActions extends MembershipActions {
  loadProfile(configName: string): Promise<void>;
  /** Each change answers the profile as Telegram has it now; a refusal rejects (its field in `issues`). */
  updateProfile(
    configName: string,
    change: { firstName: string; lastName: string; bio: string },
  ): Promise<void>;
  setUsername(configName: string, username: string): Promise<void>;
  setBirthday(configName: string, birthday: Birthday | null): Promise<void>;
  uploadPhoto(configName: string, file: { fileName: string; dataBase64: string }): Promise<void>;
  setPhoto(configName: string, photoId: string): Promise<void>;
  deletePhoto(configName: string, photoId: string): Promise<void>;
  loadContacts(configName: string): Promise<void>;
  deleteContacts(configName: string, userIds: readonly number[]): Promise<void>;
  loadPartner(configName: string, channelId: number): Promise<void>;
  setContact(configName: string, userId: number, contact: boolean): Promise<void>;
  /**
   * Fetches a profile photo once (a group's or channel's, by its negative id); later calls for it
   * do nothing.
   */
  loadPhoto(configName: string, userId: number, photoId: string | null): void;
}

export type TelegramAccountState = {
  profiles: Record<string, Loaded<OwnProfile>>;
  contacts: Record<string, Loaded<Contact[]>>;
  partners: Record<string, Loaded<PartnerProfile>>;
  /** The groups and channels of each agent's account. */
  memberships: Record<string, Loaded<Membership[]>>;
  /** Photos as data URLs by photoKey; null: none, or it could not be loaded. */
  photos: Record<string, string | null>;
  actions: TelegramAccountActions;
};

export type TelegramAccountStore = StoreApi<TelegramAccountState>;

export const partnerKey = (configName: string, channelId: number) => `${configName}/${channelId}`;
export const photoKey = (configName: string, userId: number, photoId: string | null) =>
  `${configName}/${userId}/${photoId ?? 'current'}`;

const EMPTY = { status: 'idle' as LoadStatus, value: null, error: null };

/**
 * The agents' own Telegram profiles, their contacts and their partners' profiles, as Telegram
 * answers them: read when a view opens, replaced by what each change answers.
 */
export function createTelegramAccountStore(api: ApiClient): TelegramAccountStore {
  return createStore<TelegramAccountState>()((set, get) => {
    type Part = 'profiles' | 'contacts' | 'partners' | 'memberships';
    const patch = <K extends Part>(part: K, key: string, change: Partial<TelegramAccountState[K][string]>) =>
      set((state) => ({
        [part]: { ...state[part], [key]: { ...(state[part][key] ?? EMPTY), ...change } },
      }));
    const load = async <K extends Part>(
      part: K,
      key: string,
      fetch: () => Promise<NonNullable<TelegramAccountState[K][string]['value']>>,
    ) => {
      patch(part, key, { status: 'loading', error: null } as never);
      try {
        patch(part, key, { status: 'ready', value: await fetch(), error: null } as never);
      } catch (error) {
        patch(part, key, { status: 'error', error: errorMessage(error) } as never);
      }
    };
    const showProfile = (configName: string, value: OwnProfile) =>
      patch('profiles', configName, { status: 'ready', value, error: null });
    const showPartner = (configName: string, value: PartnerProfile) =>
      patch('partners', partnerKey(configName, value.id), { status: 'ready', value, error: null });

    const actions: TelegramAccountActions = {
      loadProfile: (configName) =>
        load('profiles', configName, () => api.call('telegram.profile.get', { configName })),
      async updateProfile(configName, change) {
        showProfile(configName, await api.call('telegram.profile.update', { configName, ...change }));
      },
      async setUsername(configName, username) {
        showProfile(configName, await api.call('telegram.profile.setUsername', { configName, username }));
      },
      async setBirthday(configName, birthday) {
        showProfile(configName, await api.call('telegram.profile.setBirthday', { configName, birthday }));
      },
      async uploadPhoto(configName, file) {
        showProfile(configName, await api.call('telegram.profile.uploadPhoto', { configName, ...file }));
      },
      async setPhoto(configName, photoId) {
        showProfile(configName, await api.call('telegram.profile.setPhoto', { configName, photoId }));
      },
      async deletePhoto(configName, photoId) {
        showProfile(configName, await api.call('telegram.profile.deletePhoto', { configName, photoId }));
      },
      loadContacts: (configName) =>
        load(
          'contacts',
          configName,
          async () => (await api.call('telegram.contacts.list', { configName })).contacts,
        ),
      async deleteContacts(configName, userIds) {
        const { contacts } = await api.call('telegram.contacts.delete', {
          configName,
          userIds: [...userIds],
        });
        patch('contacts', configName, { status: 'ready', value: contacts, error: null });
      },
      loadPartner: (configName, channelId) =>
        load('partners', partnerKey(configName, channelId), () =>
          api.call('telegram.partner.get', { configName, channelId }),
        ),
      async setContact(configName, userId, contact) {
        showPartner(
          configName,
          await api.call('telegram.partner.setContact', { configName, userId, contact }),
        );
      },
      loadPhoto(configName, userId, photoId) {
        const key = photoKey(configName, userId, photoId);
        if (key in get().photos) return;
        set((state) => ({ photos: { ...state.photos, [key]: null } }));
        const fetched =
          userId < 0
            ? api.call('telegram.memberships.photo', { configName, channelId: userId })
            : api.call('telegram.photo', { configName, userId, photoId });
        fetched
          .then(({ dataUrl }) => set((state) => ({ photos: { ...state.photos, [key]: dataUrl } })))
          .catch(() => {
            // Left as no photo: the avatar shows the initials, and a later view asks again.
            set((state) => {
              const { [key]: _failed, ...rest } = state.photos;
              return { photos: rest };
            });
          });
      },
      ...membershipActions(api, {
        current: (configName) => get().memberships[configName]?.value ?? null,
        load: (configName, fetch) => load('memberships', configName, fetch),
        show: (configName, value) =>
          patch('memberships', configName, { status: 'ready', value, error: null }),
      }),
    };
    return { profiles: {}, contacts: {}, partners: {}, memberships: {}, photos: {}, actions };
  });
}

export const TelegramAccountStoreContext = createContext<TelegramAccountStore | null>(null);

export function useTelegramAccountStore<T>(selector: (state: TelegramAccountState) => T): T {
  const store = useContext(TelegramAccountStoreContext);
  if (!store) throw new Error('useTelegramAccountStore needs a TelegramAccountStoreContext provider');
  return useStore(store, selector);
}
