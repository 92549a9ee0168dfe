import type { Birthday, OwnProfile, ProfilePhoto } from '../../../shared/api/telegram-account-contract';
import { BIO_LIMIT, PREMIUM_BIO_LIMIT } from '../../../shared/api/telegram-account-contract';
import type { Membership } from '../../../shared/api/telegram-membership-contract';
import { dateFormat } from '../../ui/format';

export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** The birthday form as typed: the day and year as text, the month as its number (or empty). */
export type BirthdayDraft = { day: string; month: string; year: string };

export function birthdayDraft(birthday: Birthday | null): BirthdayDraft {
  if (!birthday) return { day: '', month: '', year: '' };
  return {
    day: String(birthday.day),
    month: String(birthday.month),
    year: birthday.year ? String(birthday.year) : '',
  };
}

/** The earliest birth year the form takes. */
export const FIRST_BIRTH_YEAR = 1900;

/** The birthday a draft says, or what to fix under each field. */
export function parseBirthday(
  draft: BirthdayDraft,
): { birthday: Birthday } | { errors: Partial<Record<keyof BirthdayDraft, string>> } {
  const errors: Partial<Record<keyof BirthdayDraft, string>> = {};
  const day = Number(draft.day.trim());
  const month = Number(draft.month);
  const yearText = draft.year.trim();
  const year = yearText === '' ? null : Number(yearText);
  if (!Number.isInteger(day) || day < 1 || day > 31) errors.day = 'Enter a day from 1 to 31.';
  if (!Number.isInteger(month) || month < 1 || month > 12) errors.month = 'Pick a month.';
  const thisYear = new Date().getFullYear();
  if (year !== null && (!Number.isInteger(year) || year < FIRST_BIRTH_YEAR || year > thisYear))
    errors.year = `Enter a year from ${FIRST_BIRTH_YEAR} to ${thisYear}, or leave it empty.`;
  if (Object.keys(errors).length > 0) return { errors };
  return { birthday: { day, month, year } };
}

export function birthdayText(birthday: Birthday): string {
  const date = `${birthday.day} ${MONTHS[birthday.month - 1] ?? ''}`;
  return birthday.year ? `${date} ${birthday.year}` : date;
}

/** Under the bio: how much is used, and why the limit is what it is. */
export function bioHint(bio: string, profile: Pick<OwnProfile, 'premium' | 'bioLimit'>): string {
  const used = `${[...bio].length} / ${profile.bioLimit}`;
  return profile.premium
    ? `${used} characters.`
    : `${used} characters: Telegram allows ${BIO_LIMIT} without Premium (${PREMIUM_BIO_LIMIT} with it).`;
}

/** The day a profile photo was set, as its tile shows it: "29 Nov 2026". */
export function photoDay(photo: ProfilePhoto, locale?: string): string {
  return dateFormat(locale, { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(photo.date));
}

/** A photo tile's name, told apart from the tiles of the same day by its place in the gallery. */
export function photoTileLabel(photo: ProfilePhoto, index: number, count: number, locale?: string): string {
  const label = `Photo ${index + 1} of ${count}, ${photoDay(photo, locale)}`;
  return photo.current ? `${label}, current` : label;
}

/** What the console calls each kind of membership. */
export const MEMBERSHIP_KIND_LABELS: Record<Membership['kind'], string> = {
  group: 'Group',
  supergroup: 'Supergroup',
  channel: 'Channel',
};
