import { ApiError, type ProcedureInput, type ProcedureOutput } from '../../../src/shared/api';
import {
  bioLimit,
  type Contact,
  type OwnProfile,
  type PartnerProfile,
  telegramAccountProcedures,
} from '../../../src/shared/api/telegram-account-contract';

type AccountProcedure = keyof typeof telegramAccountProcedures;

export function isTelegramAccountProcedure(method: string): method is AccountProcedure {
  return Object.hasOwn(telegramAccountProcedures, method);
}

/** A one-pixel PNG, what every fake photo shows. */
const PIXEL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

export function ownProfile(overrides: Partial<OwnProfile> = {}): OwnProfile {
  return {
    userId: 4242,
    firstName: 'Juniper',
    lastName: 'Hale',
    username: 'juniper_hale',
    phone: '+447700900123',
    bio: 'Bookseller in Galway.',
    premium: false,
    bioLimit: bioLimit(false),
    birthday: null,
    photos: [],
    ...overrides,
  };
}

export function contact(overrides: Partial<Contact> & { userId: number; name: string }): Contact {
  return {
    username: null,
    phone: null,
    photoId: null,
    deleted: false,
    blocked: false,
    mutual: false,
    ...overrides,
  };
}

/**
 * The agents' Telegram profiles and contacts (`telegram.profile.*`, `telegram.contacts.*`,
 * `telegram.partner.*`), refusing as the runtime does: a username someone has is refused on its
 * field, and while `floodWaitSeconds` is set every change waits.
 */
export class FakeTelegramAccounts {
  readonly profiles = new Map<string, OwnProfile>();
  readonly contacts = new Map<string, Contact[]>();
  readonly partners = new Map<string, PartnerProfile>();
  readonly takenUsernames = new Set<string>(['ada_reads']);
  floodWaitSeconds: number | null = null;
  #nextPhotoId = 1;

  answer<P extends AccountProcedure>(method: P, rawInput: unknown): ProcedureOutput<P> {
    const parsed = telegramAccountProcedures[method].input.safeParse(rawInput);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((issue) => ({
        path: issue.path.join('.'),
        message: issue.message,
      }));
      throw new ApiError('invalid_input', issues[0]?.message ?? 'Invalid input.', issues);
    }
    return this.#answer(method, parsed.data as ProcedureInput<P>) as ProcedureOutput<P>;
  }

  #answer(method: AccountProcedure, input: ProcedureInput<AccountProcedure>): unknown {
    const { configName } = input;
    const profile = this.profiles.get(configName);
    if (!profile) throw new ApiError('unavailable', `${configName} is not connected to Telegram.`);
    const change = (next: Partial<OwnProfile>) => {
      if (this.floodWaitSeconds !== null) {
        throw new ApiError(
          'unavailable',
          `Telegram asks to wait ${this.floodWaitSeconds} s before changing the profile again.`,
          undefined,
          { retryAfterSeconds: this.floodWaitSeconds },
        );
      }
      const updated = { ...profile, ...next };
      this.profiles.set(configName, updated);
      return updated;
    };
    switch (method) {
      case 'telegram.profile.get':
        return profile;
      case 'telegram.profile.update': {
        const { firstName, lastName, bio } = input as ProcedureInput<'telegram.profile.update'>;
        if (bio.length > profile.bioLimit) {
          const message = `A bio has at most ${profile.bioLimit} characters without Telegram Premium (${bio.length} now).`;
          throw new ApiError('invalid_input', message, [{ path: 'bio', message }]);
        }
        return change({ firstName, lastName, bio });
      }
      case 'telegram.profile.setUsername': {
        const { username } = input as { username: string };
        if (this.takenUsernames.has(username.toLowerCase())) {
          const message = 'This username is taken; try another.';
          throw new ApiError('invalid_input', message, [{ path: 'username', message }]);
        }
        return change({ username: username === '' ? null : username });
      }
      case 'telegram.profile.setBirthday':
        return change({ birthday: (input as ProcedureInput<'telegram.profile.setBirthday'>).birthday });
      case 'telegram.profile.uploadPhoto': {
        const id = String(this.#nextPhotoId++);
        const photos = profile.photos.map((photo) => ({ ...photo, current: false }));
        return change({ photos: [{ id, date: new Date(0).toISOString(), current: true }, ...photos] });
      }
      case 'telegram.profile.setPhoto': {
        const { photoId } = input as { photoId: string };
        return change({
          photos: profile.photos.map((photo) => ({ ...photo, current: photo.id === photoId })),
        });
      }
      case 'telegram.profile.deletePhoto': {
        const { photoId } = input as { photoId: string };
        return change({ photos: profile.photos.filter((photo) => photo.id !== photoId) });
      }
      case 'telegram.photo':
        return { dataUrl: PIXEL };
      case 'telegram.contacts.list':
        return { contacts: this.contacts.get(configName) ?? [] };
      case 'telegram.contacts.delete': {
        const { userIds } = input as { userIds: number[] };
        const left = (this.contacts.get(configName) ?? []).filter((entry) => !userIds.includes(entry.userId));
        this.contacts.set(configName, left);
        return { contacts: left };
      }
      case 'telegram.partner.get': {
        const { channelId } = input as { channelId: number };
        const partner = this.partners.get(`${configName}/${channelId}`);
        if (!partner) throw new ApiError('not_found', `No chat ${channelId}.`);
        return partner;
      }
      case 'telegram.partner.setContact': {
        const { userId, contact: isContact } = input as { userId: number; contact: boolean };
        const key = `${configName}/${userId}`;
        const partner = this.partners.get(key);
        if (!partner) throw new ApiError('not_found', `No chat ${userId}.`);
        const next = { ...partner, contact: isContact };
        this.partners.set(key, next);
        return next;
      }
    }
  }
}
