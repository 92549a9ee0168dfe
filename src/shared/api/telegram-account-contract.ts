import { z } from 'zod';

/** Telegram's limits on a profile: names, and the bio (longer with Premium). */
export const MAX_NAME_LENGTH = 64;
export const BIO_LIMIT = 70;
export const PREMIUM_BIO_LIMIT = 140;
/** The largest photo the console sends as a new profile photo. */
export const MAX_PROFILE_PHOTO_BYTES = 10 * 1024 * 1024;

export function bioLimit(premium: boolean): number {
  return premium ? PREMIUM_BIO_LIMIT : BIO_LIMIT;
}

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** A birthday as Telegram keeps it: day and month, the year optional. */
export const BirthdaySchema = z
  .object({
    day: z.number().int().min(1).max(31),
    month: z.number().int().min(1).max(12),
    year: z.number().int().min(1900).max(2100).nullable(),
  })
  .strict()
  .superRefine(({ day, month, year }, ctx) => {
    const leap = year === null || (year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0));
    const days = month === 2 && !leap ? 28 : (DAYS_IN_MONTH[month - 1] ?? 31);
    if (day > days) ctx.addIssue({ code: 'custom', path: ['day'], message: `That month has ${days} days.` });
  });
export type Birthday = z.infer<typeof BirthdaySchema>;

export const ProfilePhotoSchema = z.object({
  /** Telegram's photo id, as text (it is a 64-bit number). */
  id: z.string(),
  date: z.string(),
  /** The photo the profile shows now. */
  current: z.boolean(),
});
export type ProfilePhoto = z.infer<typeof ProfilePhotoSchema>;

/** The agent's own Telegram profile. */
export const OwnProfileSchema = z.object({
  userId: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  username: z.string().nullable(),
  phone: z.string().nullable(),
  bio: z.string(),
  premium: z.boolean(),
  /** How long the bio may be: 70 characters, 140 with Premium. */
  bioLimit: z.number().int(),
  birthday: BirthdaySchema.nullable(),
  /** Newest first; the current one is marked. */
  photos: z.array(ProfilePhotoSchema),
});
export type OwnProfile = z.infer<typeof OwnProfileSchema>;

export const ContactSchema = z.object({
  /** The marked user id (the chat id of the direct conversation). */
  userId: z.number(),
  name: z.string(),
  username: z.string().nullable(),
  phone: z.string().nullable(),
  /** The profile photo to show as the avatar, when there is one. */
  photoId: z.string().nullable(),
  /** The account was deleted. */
  deleted: z.boolean(),
  /** The agent blocked the person. */
  blocked: z.boolean(),
  /** The person has the agent in their contacts too. */
  mutual: z.boolean(),
});
export type Contact = z.infer<typeof ContactSchema>;

/** The other side of a conversation: a person or a group, as Telegram shows them. */
export const PartnerProfileSchema = z.object({
  kind: z.enum(['user', 'group', 'channel']),
  /** The marked id: the conversation's chat id. */
  id: z.number(),
  name: z.string(),
  username: z.string().nullable(),
  /** A person's bio or a group's description. */
  bio: z.string().nullable(),
  phone: z.string().nullable(),
  photos: z.array(ProfilePhotoSchema),
  /** Members of a group or channel; null for a person. */
  memberCount: z.number().int().nullable(),
  /** Whether a person is in the agent's contacts; null for groups. */
  contact: z.boolean().nullable(),
  deleted: z.boolean(),
  blocked: z.boolean(),
});
export type PartnerProfile = z.infer<typeof PartnerProfileSchema>;

/** What a refusal because of a flood wait carries beside its sentence. */
export const FloodWaitDetailsSchema = z.object({ retryAfterSeconds: z.number().int().positive() });

const AgentInput = z.object({ configName: z.string().min(1) }).strict();
const PhotoIdSchema = z.string().regex(/^-?\d{1,20}$/, 'A photo id is a number.');

/**
 * The agent's Telegram account from the console: its profile (names, username, bio, birthday,
 * photos), its contacts and the profile of a conversation's partner. Every call goes through the
 * account, so its flood-wait cool-down applies: a refusal then is `unavailable` with
 * `FloodWaitDetails`, its sentence naming the seconds left. A value Telegram refuses
 * (a username taken or invalid, a bio too long, a file that is no image) is `invalid_input` with
 * the field's path in `issues`.
 */
export const telegramAccountProcedures = {
  'telegram.profile.get': { input: AgentInput, output: OwnProfileSchema },
  'telegram.profile.update': {
    input: AgentInput.extend({
      firstName: z
        .string()
        .trim()
        .min(1, 'Enter a first name.')
        .max(MAX_NAME_LENGTH, `At most ${MAX_NAME_LENGTH} characters.`),
      lastName: z.string().trim().max(MAX_NAME_LENGTH, `At most ${MAX_NAME_LENGTH} characters.`),
      bio: z
        .string()
        .trim()
        .max(PREMIUM_BIO_LIMIT, `At most ${PREMIUM_BIO_LIMIT} characters, even with Premium.`),
    }).strict(),
    output: OwnProfileSchema,
  },
  /** An empty username removes it. */
  'telegram.profile.setUsername': {
    input: AgentInput.extend({
      username: z
        .string()
        .trim()
        .transform((name) => name.replace(/^@/, ''))
        .pipe(z.string().max(32, 'A username has at most 32 characters.')),
    }).strict(),
    output: OwnProfileSchema,
  },
  /** Null removes the birthday. */
  'telegram.profile.setBirthday': {
    input: AgentInput.extend({ birthday: BirthdaySchema.nullable() }).strict(),
    output: OwnProfileSchema,
  },
  /** A JPEG or PNG image becomes the current profile photo. */
  'telegram.profile.uploadPhoto': {
    input: AgentInput.extend({
      fileName: z.string().min(1).max(255),
      dataBase64: z.base64({ error: 'Send the file as base64 text.' }).min(1, 'The file is empty.'),
    }).strict(),
    output: OwnProfileSchema,
  },
  /** An older profile photo becomes the current one again. */
  'telegram.profile.setPhoto': {
    input: AgentInput.extend({ photoId: PhotoIdSchema }).strict(),
    output: OwnProfileSchema,
  },
  'telegram.profile.deletePhoto': {
    input: AgentInput.extend({ photoId: PhotoIdSchema }).strict(),
    output: OwnProfileSchema,
  },
  /** A profile photo's bytes, as a data URL (null when the person has no such photo). */
  'telegram.photo': {
    input: AgentInput.extend({ userId: z.number().int(), photoId: PhotoIdSchema.nullable() }).strict(),
    output: z.object({ dataUrl: z.string().nullable() }),
  },
  'telegram.contacts.list': { input: AgentInput, output: z.object({ contacts: z.array(ContactSchema) }) },
  'telegram.contacts.delete': {
    input: AgentInput.extend({
      userIds: z.array(z.number().int()).min(1, 'Pick at least one contact.').max(500),
    }).strict(),
    output: z.object({ contacts: z.array(ContactSchema) }),
  },
  'telegram.partner.get': {
    input: AgentInput.extend({ channelId: z.number().int() }).strict(),
    output: PartnerProfileSchema,
  },
  /** Adds a person to the agent's contacts (under the name Telegram shows) or removes them. */
  'telegram.partner.setContact': {
    input: AgentInput.extend({ userId: z.number().int(), contact: z.boolean() }).strict(),
    output: PartnerProfileSchema,
  },
} as const;
