import { Api, helpers } from 'telegram';
import type { ProfilePhoto } from '../../../shared/api/telegram-account-contract';
import { MessagingError } from '../../messaging/port';
import type { AccountContext } from '../port/account-context';
import { downloadFile } from '../port/file-transfer';

/** Telegram's limit on one page of photos.getUserPhotos; nobody keeps more in practice. */
const PHOTO_PAGE = 100;

/** A person's profile photos, newest first, as Telegram answers photos.getUserPhotos. */
export async function userPhotos(context: AccountContext, user: Api.TypeInputUser): Promise<Api.Photo[]> {
  const answer = await context.account.invoke(
    new Api.photos.GetUserPhotos({
      userId: user,
      offset: 0,
      maxId: helpers.returnBigInt(0),
      limit: PHOTO_PAGE,
    }),
  );
  context.remember(answer);
  return answer.photos.filter((photo): photo is Api.Photo => photo instanceof Api.Photo);
}

/** The photos as the console lists them, the one shown now marked. */
export function photoViews(photos: readonly Api.Photo[], currentId: string | null): ProfilePhoto[] {
  return photos.map((photo) => ({
    id: photo.id.toString(),
    date: new Date(photo.date * 1000).toISOString(),
    current: photo.id.toString() === currentId,
  }));
}

/** The id of the photo a user shows now, from the user object Telegram sent. */
export function currentPhotoId(user: Api.TypeUser | undefined): string | null {
  return user instanceof Api.User && user.photo instanceof Api.UserProfilePhoto
    ? user.photo.photoId.toString()
    : null;
}

export function inputPhotoOf(photo: Api.Photo): Api.InputPhoto {
  return new Api.InputPhoto({
    id: photo.id,
    accessHash: photo.accessHash,
    fileReference: photo.fileReference,
  });
}

/** One of the user's photos by id; a photo that is no longer there is the caller's mistake. */
export async function findUserPhoto(
  context: AccountContext,
  user: Api.TypeInputUser,
  photoId: string,
): Promise<Api.Photo> {
  const photo = (await userPhotos(context, user)).find((candidate) => candidate.id.toString() === photoId);
  if (!photo) throw new MessagingError(`There is no profile photo ${photoId}.`, { retryable: false });
  return photo;
}

/** A profile photo's bytes (the newest when no id is given); null when there is none. */
export async function userPhotoBytes(
  context: AccountContext,
  user: Api.TypeInputUser,
  photoId: string | null,
): Promise<Buffer | null> {
  const photos = await userPhotos(context, user);
  const photo =
    photoId === null ? photos[0] : photos.find((candidate) => candidate.id.toString() === photoId);
  return photo ? downloadFile(context.account, photo) : null;
}
