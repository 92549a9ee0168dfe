import { ApiError } from '../../../shared/api/errors';
import {
  MAX_PROFILE_PHOTO_BYTES,
  type telegramAccountProcedures,
} from '../../../shared/api/telegram-account-contract';
import { sniffMedia } from '../../media';
import { MessagingError } from '../../messaging/port';
import { type AccountDesk, FloodWaitRefusal, ProfileFieldError } from '../../telegram';
import type { ApiHandlers } from '../dispatcher';

type TelegramAccountProcedure = keyof typeof telegramAccountProcedures;

/** Image types Telegram takes as a profile photo. */
const PROFILE_PHOTO_TYPES = new Set(['image/jpeg', 'image/png']);

/** The account's refusals in API terms: a field to fix, a wait with its seconds, or why it cannot act now. */
function accountApiError(error: unknown): unknown {
  if (error instanceof ProfileFieldError) {
    return new ApiError('invalid_input', error.message, [{ path: error.field, message: error.message }]);
  }
  if (error instanceof FloodWaitRefusal) {
    return new ApiError('unavailable', error.message, undefined, { retryAfterSeconds: error.seconds });
  }
  if (error instanceof MessagingError)
    return new ApiError(error.retryable ? 'unavailable' : 'conflict', error.message);
  return error;
}

/** Runs work on an agent's account, its refusals turned into API errors. */
export function accountActor(requireAgent: (configName: string) => void) {
  return async <T>(configName: string, work: () => Promise<T>): Promise<T> => {
    requireAgent(configName);
    try {
      return await work();
    } catch (error) {
      throw accountApiError(error);
    }
  };
}

/** A photo's bytes as a data URL of the image type they are. */
export async function photoDataUrl(bytes: Buffer): Promise<string> {
  const { mimeType } = await sniffMedia(bytes, { mimeType: 'image/jpeg' });
  return `data:${mimeType};base64,${bytes.toString('base64')}`;
}

async function photoBytes(fileName: string, dataBase64: string): Promise<Uint8Array> {
  const bytes = new Uint8Array(Buffer.from(dataBase64, 'base64'));
  const refuse = (message: string) => new ApiError('invalid_input', message, [{ path: 'photo', message }]);
  if (bytes.byteLength > MAX_PROFILE_PHOTO_BYTES) {
    throw refuse(
      `The image has ${(bytes.byteLength / 1e6).toFixed(1)} MB; a profile photo may have up to 10 MB.`,
    );
  }
  const sniffed = await sniffMedia(bytes, { fileName });
  if (sniffed.source === 'hint' || !PROFILE_PHOTO_TYPES.has(sniffed.mimeType)) {
    throw refuse(`${fileName} is not a JPEG or PNG image; pick a photo.`);
  }
  return bytes;
}

/**
 * The agent's Telegram account from the console (profile, photos, contacts, partners' profiles),
 * on the desk of the runtime's connected accounts.
 */
export function createTelegramAccountHandlers(deps: {
  desk: AccountDesk;
  /** Throws not_found for an agent the configuration does not have. */
  requireAgent: (configName: string) => void;
}): Pick<ApiHandlers, TelegramAccountProcedure> {
  const { desk } = deps;
  const act = accountActor(deps.requireAgent);
  return {
    'telegram.profile.get': ({ configName }) => act(configName, () => desk.ownProfile(configName)),
    'telegram.profile.update': ({ configName, firstName, lastName, bio }) =>
      act(configName, () => desk.updateProfile(configName, { firstName, lastName, bio })),
    'telegram.profile.setUsername': ({ configName, username }) =>
      act(configName, () => desk.setUsername(configName, username)),
    'telegram.profile.setBirthday': ({ configName, birthday }) =>
      act(configName, () => desk.setBirthday(configName, birthday)),
    'telegram.profile.uploadPhoto': ({ configName, fileName, dataBase64 }) =>
      act(configName, async () =>
        desk.uploadPhoto(configName, await photoBytes(fileName, dataBase64), fileName),
      ),
    'telegram.profile.setPhoto': ({ configName, photoId }) =>
      act(configName, () => desk.setPhoto(configName, photoId)),
    'telegram.profile.deletePhoto': ({ configName, photoId }) =>
      act(configName, () => desk.deletePhoto(configName, photoId)),
    'telegram.photo': ({ configName, userId, photoId }) =>
      act(configName, async () => {
        const bytes = await desk.photo(configName, userId, photoId);
        return { dataUrl: bytes ? await photoDataUrl(bytes) : null };
      }),
    'telegram.contacts.list': ({ configName }) =>
      act(configName, async () => ({ contacts: await desk.contacts(configName) })),
    'telegram.contacts.delete': ({ configName, userIds }) =>
      act(configName, async () => ({ contacts: await desk.deleteContacts(configName, userIds) })),
    'telegram.partner.get': ({ configName, channelId }) =>
      act(configName, () => desk.partnerProfile(configName, channelId)),
    'telegram.partner.setContact': ({ configName, userId, contact }) =>
      act(configName, () => desk.setContact(configName, userId, contact)),
  };
}
