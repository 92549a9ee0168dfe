import type { Store, UserRecord } from './store';

/** A birthday as account.updateBirthday sets it. */
export interface BirthdayRecord {
  readonly day: number;
  readonly month: number;
  readonly year: number | null;
}

interface ProfileExtras {
  /** Each user's profile photos, newest first (ids of the store's photos). */
  readonly photos: Map<bigint, bigint[]>;
  readonly birthdays: Map<bigint, BirthdayRecord>;
}

/** What the fake keeps of profiles beyond the user records, per fake Telegram (its store). */
const extrasByStore = new WeakMap<Store, ProfileExtras>();

function extrasOf(store: Store): ProfileExtras {
  let extras = extrasByStore.get(store);
  if (!extras) {
    extras = { photos: new Map(), birthdays: new Map() };
    extrasByStore.set(store, extras);
  }
  return extras;
}

/**
 * A user's profile photos, newest first. A photo set as current from elsewhere (the control
 * interface's setProfilePhoto) joins the list at its head.
 */
export function profilePhotoIds(store: Store, user: UserRecord): bigint[] {
  const list = extrasOf(store).photos.get(user.id) ?? [];
  const kept = list.filter((id) => store.photos.has(id));
  if (user.photoId !== undefined && store.photos.has(user.photoId) && !kept.includes(user.photoId))
    kept.unshift(user.photoId);
  extrasOf(store).photos.set(user.id, kept);
  return kept;
}

/** Adds a photo at the head of the user's list and makes it current. */
export function addProfilePhoto(store: Store, user: UserRecord, photoId: bigint): void {
  const list = profilePhotoIds(store, user).filter((id) => id !== photoId);
  extrasOf(store).photos.set(user.id, [photoId, ...list]);
  user.photoId = photoId;
}

/** Removes photos from the user's list; the newest left becomes current when the current one went. */
export function removeProfilePhotos(store: Store, user: UserRecord, photoIds: readonly bigint[]): bigint[] {
  const before = profilePhotoIds(store, user);
  const removed = before.filter((id) => photoIds.includes(id));
  const left = before.filter((id) => !photoIds.includes(id));
  extrasOf(store).photos.set(user.id, left);
  if (user.photoId !== undefined && photoIds.includes(user.photoId)) {
    if (left[0] === undefined) delete user.photoId;
    else user.photoId = left[0];
  }
  return removed;
}

export function birthdayOf(store: Store, userId: bigint): BirthdayRecord | undefined {
  return extrasOf(store).birthdays.get(userId);
}

export function setBirthday(store: Store, userId: bigint, birthday: BirthdayRecord | null): void {
  if (birthday) extrasOf(store).birthdays.set(userId, birthday);
  else extrasOf(store).birthdays.delete(userId);
}
