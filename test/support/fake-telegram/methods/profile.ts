import { Api } from 'telegram';
import { fromTlLong } from '../big-numbers';
import type { MethodTable } from '../method-table';
import { addProfilePhoto, profilePhotoIds, removeProfilePhotos, setBirthday } from '../profile-book';
import { badRequest } from '../rpc-failure';
import type { PhotoRecord, UserRecord } from '../store';
import type { TlObject } from '../tl-wire';
import type { MethodDeps } from './deps';

/** Telegram's rule for usernames: 5 to 32 letters, digits and underscores, starting with a letter. */
const USERNAME = /^[A-Za-z][A-Za-z0-9_]{3,30}[A-Za-z0-9]$/;
const BIO_LIMIT = 70;
const PREMIUM_BIO_LIMIT = 140;
const NAME_LIMIT = 64;

/** account.updateProfile/updateUsername/checkUsername/updateBirthday and photos.*, with Telegram's errors. */
export function registerProfileMethods(table: MethodTable, deps: MethodDeps): void {
  const { store, views } = deps;

  const checkUsername = (me: UserRecord, username: string): void => {
    if (username !== '' && !USERNAME.test(username)) throw badRequest('USERNAME_INVALID');
    const holder = username === '' ? undefined : store.userByUsername(username);
    if (holder && holder.id !== me.id) throw badRequest('USERNAME_OCCUPIED');
  };

  table.on(Api.account.UpdateProfile, (request, context) => {
    const me = context.me();
    if (request.firstName !== undefined) {
      const firstName = request.firstName.trim();
      if (firstName === '' || firstName.length > NAME_LIMIT) throw badRequest('FIRSTNAME_INVALID');
      me.firstName = firstName;
    }
    if (request.lastName !== undefined) {
      if (request.lastName.length > NAME_LIMIT) throw badRequest('LASTNAME_INVALID');
      me.lastName = request.lastName.trim() || null;
    }
    if (request.about !== undefined) {
      if ([...request.about].length > (me.premium ? PREMIUM_BIO_LIMIT : BIO_LIMIT))
        throw badRequest('ABOUT_TOO_LONG');
      me.about = request.about || null;
    }
    return views.user(me, me.id);
  });

  table.on(Api.account.CheckUsername, (request, context) => {
    const me = context.me();
    checkUsername(me, request.username);
    return true;
  });

  table.on(Api.account.UpdateUsername, (request, context) => {
    const me = context.me();
    checkUsername(me, request.username);
    if ((me.username ?? '') === request.username) throw badRequest('USERNAME_NOT_MODIFIED');
    me.username = request.username === '' ? null : request.username;
    return views.user(me, me.id);
  });

  table.on(Api.account.UpdateBirthday, (request, context) => {
    const me = context.me();
    const birthday = request.birthday;
    if (birthday) {
      const year = birthday.year ?? 2000;
      const date = new Date(Date.UTC(year, birthday.month - 1, birthday.day));
      if (date.getUTCMonth() !== birthday.month - 1 || date.getUTCDate() !== birthday.day)
        throw badRequest('BIRTHDAY_INVALID');
    }
    setBirthday(
      store,
      me.id,
      birthday ? { day: birthday.day, month: birthday.month, year: birthday.year ?? null } : null,
    );
    return true;
  });

  table.on(Api.photos.GetUserPhotos, (request, context) => {
    const me = context.me();
    const user = deps.inputs.user(me, request.userId);
    const ids = profilePhotoIds(store, user).slice(request.offset, request.offset + request.limit);
    return new Api.photos.Photos({
      photos: ids.map((id) => views.photo(store.photos.get(id) as PhotoRecord)),
      users: [views.user(user, me.id)],
    });
  });

  table.on(Api.photos.UploadProfilePhoto, (request, context) => {
    const me = context.me();
    if (!(request.file instanceof Api.InputFile || request.file instanceof Api.InputFileBig))
      throw badRequest('PHOTO_FILE_MISSING');
    const key = request.file.id.toString();
    const parts = store.uploads.get(key);
    if (!parts || parts.length === 0) throw badRequest('PHOTO_FILE_MISSING');
    store.uploads.delete(key);
    const bytes = Buffer.concat(parts);
    if (!isImage(bytes)) throw badRequest('IMAGE_PROCESS_FAILED');
    const photo: PhotoRecord = {
      kind: 'photo',
      ...store.newFileIdentity(),
      date: Math.floor(Date.now() / 1000),
      bytes,
      width: 640,
      height: 640,
    };
    store.photos.set(photo.id, photo);
    addProfilePhoto(store, me, photo.id);
    return new Api.photos.Photo({ photo: views.photo(photo), users: [views.user(me, me.id)] });
  });

  table.on(Api.photos.UpdateProfilePhoto, (request, context) => {
    const me = context.me();
    const photo = ownPhoto(deps, me, request.id);
    addProfilePhoto(store, me, photo.id);
    return new Api.photos.Photo({ photo: views.photo(photo), users: [views.user(me, me.id)] });
  });

  table.on(Api.photos.DeletePhotos, (request, context) => {
    const me = context.me();
    const ids = request.id.flatMap((input) =>
      input instanceof Api.InputPhoto ? [fromTlLong(input.id)] : [],
    );
    return longVector(removeProfilePhotos(store, me, ids));
  });
}

/** One of the caller's own profile photos, its access hash and file reference checked. */
function ownPhoto({ store }: MethodDeps, me: UserRecord, input: Api.TypeInputPhoto): PhotoRecord {
  if (!(input instanceof Api.InputPhoto)) throw badRequest('PHOTO_ID_INVALID');
  const id = fromTlLong(input.id);
  const photo = store.photos.get(id);
  if (!photo || !profilePhotoIds(store, me).includes(id) || photo.accessHash !== fromTlLong(input.accessHash))
    throw badRequest('PHOTO_ID_INVALID');
  if (!input.fileReference.equals(photo.fileReference)) throw badRequest('FILE_REFERENCE_EXPIRED');
  return photo;
}

/** JPEG or PNG, by their first bytes: what Telegram can make a profile photo of. */
function isImage(bytes: Buffer): boolean {
  const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8;
  const png = bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  return jpeg || png;
}

/** A bare Vector<long> answer (photos.deletePhotos), which GramJS's TL classes cannot build. */
function longVector(ids: readonly bigint[]): TlObject {
  return {
    CONSTRUCTOR_ID: 0x1cb5c415,
    className: 'Vector<long>',
    getBytes() {
      const out = Buffer.alloc(8 + ids.length * 8);
      out.writeUInt32LE(0x1cb5c415, 0);
      out.writeUInt32LE(ids.length, 4);
      for (const [index, id] of ids.entries()) out.writeBigInt64LE(id, 8 + index * 8);
      return out;
    },
  };
}
