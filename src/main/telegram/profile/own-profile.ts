import { Api } from 'telegram';
import { type Birthday, bioLimit, type OwnProfile } from '../../../shared/api/telegram-account-contract';
import type { TelegramUser } from '../../../shared/domain/telegram';
import { markedUserId, peerUsername, telegramUserOf } from '../mapping';
import type { AccountContext } from '../port/account-context';
import { uploadFile } from '../port/file-transfer';
import { isRpcCode } from './account-actions';
import { ProfileFieldError } from './account-refusals';
import { currentPhotoId, findUserPhoto, inputPhotoOf, photoViews, userPhotos } from './profile-photos';

const SELF = new Api.InputUserSelf();

/** The agent's own profile as Telegram has it now, and the account as the console names it. */
export interface OwnProfileRead {
  profile: OwnProfile;
  user: TelegramUser;
}

/** The agent's own profile as Telegram has it now: users.getFullUser and its photos. */
export async function readOwnProfile(context: AccountContext): Promise<OwnProfileRead> {
  const full = await context.account.invoke(new Api.users.GetFullUser({ id: SELF }));
  context.remember(full);
  const me = full.users.find((user): user is Api.User => user instanceof Api.User && user.self === true);
  if (!me) throw new Error('Telegram answered users.getFullUser without the account itself.');
  const photos = await userPhotos(context, SELF);
  const premium = me.premium === true;
  const { birthday } = full.fullUser;
  const profile: OwnProfile = {
    userId: markedUserId(me.id),
    firstName: me.firstName ?? '',
    lastName: me.lastName ?? '',
    username: peerUsername(me),
    phone: me.phone ? `+${me.phone}` : null,
    bio: full.fullUser.about ?? '',
    premium,
    bioLimit: bioLimit(premium),
    birthday: birthday ? { day: birthday.day, month: birthday.month, year: birthday.year ?? null } : null,
    photos: photoViews(photos, currentPhotoId(me)),
  };
  return { profile, user: telegramUserOf(me) };
}

/** Names and bio in one account.updateProfile; a bio over the account's limit is refused first. */
export async function updateProfile(
  context: AccountContext,
  change: { firstName: string; lastName: string; bio: string },
): Promise<void> {
  const limit = bioLimit(context.premium);
  if ([...change.bio].length > limit) {
    throw new ProfileFieldError(
      'bio',
      context.premium
        ? `A bio has at most ${limit} characters.`
        : `A bio has at most ${limit} characters without Telegram Premium (${[...change.bio].length} now).`,
    );
  }
  await context.account.invoke(
    new Api.account.UpdateProfile({
      firstName: change.firstName,
      lastName: change.lastName,
      about: change.bio,
    }),
  );
}

/** Sets (or, empty, removes) the username; asking for the one it has already is no failure. */
export async function updateUsername(context: AccountContext, username: string): Promise<void> {
  try {
    await context.account.invoke(new Api.account.UpdateUsername({ username }));
  } catch (error) {
    if (!isRpcCode(error, 'USERNAME_NOT_MODIFIED')) throw error;
  }
}

export async function updateBirthday(context: AccountContext, birthday: Birthday | null): Promise<void> {
  await context.account.invoke(
    new Api.account.UpdateBirthday(
      birthday
        ? {
            birthday: new Api.Birthday({
              day: birthday.day,
              month: birthday.month,
              ...(birthday.year === null ? {} : { year: birthday.year }),
            }),
          }
        : {},
    ),
  );
}

/** Uploads an image and makes it the current profile photo. */
export async function uploadProfilePhoto(
  context: AccountContext,
  bytes: Uint8Array,
  fileName: string,
): Promise<void> {
  const file = await uploadFile(context.account, bytes, fileName);
  await context.account.invoke(new Api.photos.UploadProfilePhoto({ file }));
}

/** Makes an older profile photo the current one again. */
export async function setProfilePhoto(context: AccountContext, photoId: string): Promise<void> {
  const photo = await findUserPhoto(context, SELF, photoId);
  await context.account.invoke(new Api.photos.UpdateProfilePhoto({ id: inputPhotoOf(photo) }));
}

export async function deleteProfilePhoto(context: AccountContext, photoId: string): Promise<void> {
  const photo = await findUserPhoto(context, SELF, photoId);
  await context.account.invoke(new Api.photos.DeletePhotos({ id: [inputPhotoOf(photo)] }));
}
