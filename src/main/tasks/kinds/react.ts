import { z } from 'zod';
import { defineTaskKind } from './definition';
import { MESSAGE_ID_JSON, MessageIdSchema } from './fields';
import { canonicalReactionEmoji, REACTION_EMOJI, type ReactionEmoji } from './reaction-emoji';

const ReactionEmojiSchema = z
  .string({ error: 'must be a string' })
  .transform((emoji, context): ReactionEmoji => {
    const canonical = canonicalReactionEmoji(emoji);
    if (canonical === null) {
      context.addIssue({ code: 'custom', message: `"${emoji}" is not one of Telegram's reaction emoji` });
      return z.NEVER;
    }
    return canonical;
  });

/** A reaction on a message of this conversation. */
export const reactTask = defineTaskKind({
  kind: 'react',
  params: z.object({ emoji: ReactionEmojiSchema, message_id: MessageIdSchema }),
  jsonProperties: {
    emoji: { type: 'string', enum: [...REACTION_EMOJI] },
    message_id: MESSAGE_ID_JSON,
  },
  required: ['emoji', 'message_id'],
});
