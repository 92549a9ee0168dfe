import type { Contact, OwnProfile, PartnerProfile } from '../../../shared/api/telegram-account-contract';
import type { Membership } from '../../../shared/api/telegram-membership-contract';
import { type Loaded, partnerKey, photoKey, type TelegramAccountState } from './store';

const NOTHING = { status: 'idle', value: null, error: null } as const;

/** Named selectors: components read the account store only through these. */
export const telegramAccountSelectors = {
  actions: (s: TelegramAccountState) => s.actions,
  profile:
    (configName: string) =>
    (s: TelegramAccountState): Loaded<OwnProfile> =>
      s.profiles[configName] ?? NOTHING,
  contacts:
    (configName: string) =>
    (s: TelegramAccountState): Loaded<Contact[]> =>
      s.contacts[configName] ?? NOTHING,
  memberships:
    (configName: string) =>
    (s: TelegramAccountState): Loaded<Membership[]> =>
      s.memberships[configName] ?? NOTHING,
  partner:
    (configName: string, channelId: number) =>
    (s: TelegramAccountState): Loaded<PartnerProfile> =>
      s.partners[partnerKey(configName, channelId)] ?? NOTHING,
  /** A photo's data URL; undefined until asked for, null while loading or when there is none. */
  photo:
    (configName: string, userId: number, photoId: string | null) =>
    (s: TelegramAccountState): string | null | undefined =>
      s.photos[photoKey(configName, userId, photoId)],
};
