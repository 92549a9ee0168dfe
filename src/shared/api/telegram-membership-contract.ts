import { z } from 'zod';
import { parseJoinTarget } from '../domain/telegram-join-target';

/** A group or channel the agent's Telegram account is in. */
export const MembershipSchema = z.object({
  /** The marked id: the conversation's chat id (negative). */
  channelId: z.number().int(),
  /** A basic group, a supergroup, or a broadcast channel. */
  kind: z.enum(['group', 'supergroup', 'channel']),
  title: z.string(),
  /** Public groups and channels have one. */
  username: z.string().nullable(),
  /** The chat photo to show as the avatar, when there is one. */
  photoId: z.string().nullable(),
  memberCount: z.number().int().nullable(),
  /** Telegram's notifications for it are off. */
  muted: z.boolean(),
  /** Troupe's own gag: the agent reads along but never writes there. */
  gagged: z.boolean(),
});
export type Membership = z.infer<typeof MembershipSchema>;

const AgentInput = z.object({ configName: z.string().min(1) }).strict();
const ChatInput = AgentInput.extend({
  channelId: z.number().int().negative('Pick a group or channel (its id is negative).'),
}).strict();

/**
 * The groups and channels of an agent's Telegram account, from the console. Joining takes a
 * `@username`, a t.me link or an invite link; a new membership is muted on Telegram and gagged in
 * Troupe at once, and what of that failed comes back in `warnings` (the join itself stands).
 * Every call goes through the account, so a flood wait is `unavailable` with
 * `FloodWaitDetails` (the seconds left, named in the sentence). A target Telegram does not know
 * (an invite link that does not exist or expired, a username that is free or a person's) is
 * `invalid_input` on the `target` field.
 */
export const telegramMembershipProcedures = {
  'telegram.memberships.list': {
    input: AgentInput,
    output: z.object({ memberships: z.array(MembershipSchema) }),
  },
  'telegram.memberships.join': {
    input: AgentInput.extend({
      target: z.string().superRefine((text, ctx) => {
        const parsed = parseJoinTarget(text);
        if ('error' in parsed) ctx.addIssue({ code: 'custom', message: parsed.error });
      }),
    }).strict(),
    output: z.object({
      channelId: z.number().int(),
      title: z.string(),
      /** What could not follow the join (muting it, gagging it), one sentence each. */
      warnings: z.array(z.string()),
    }),
  },
  'telegram.memberships.leave': { input: ChatInput, output: z.object({ channelId: z.number().int() }) },
  'telegram.memberships.setMuted': {
    input: ChatInput.extend({ muted: z.boolean() }).strict(),
    output: z.object({ channelId: z.number().int(), muted: z.boolean() }),
  },
  'telegram.memberships.setGagged': {
    input: ChatInput.extend({ gagged: z.boolean() }).strict(),
    output: z.object({ channelId: z.number().int(), gagged: z.boolean() }),
  },
  /** The chat's photo as a data URL (null when it has none). */
  'telegram.memberships.photo': { input: ChatInput, output: z.object({ dataUrl: z.string().nullable() }) },
} as const;
