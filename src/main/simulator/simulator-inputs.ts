import { z } from 'zod';
import { SIMULATED_USERNAME_PATTERN, SIMULATED_USERNAME_RULE } from '../../shared/api/conversation-contract';
import { SimulatorInputError } from './simulator-errors';

/** Telegram's limit on one text message. */
export const MAX_MESSAGE_LENGTH = 4096;

const optionalText = z
  .string()
  .trim()
  .min(1)
  .nullish()
  .transform((value) => value ?? null);

export const SimulatedPersonSchema = z.object({
  firstName: z.string().trim().min(1, 'Give the person a first name.'),
  lastName: optionalText,
  username: z
    .string()
    .trim()
    .regex(SIMULATED_USERNAME_PATTERN, SIMULATED_USERNAME_RULE)
    .nullish()
    .transform((value) => value ?? null),
  bio: optionalText,
});
export type SimulatedPerson = z.input<typeof SimulatedPersonSchema>;

export const CreateChatSchema = z
  .object({
    kind: z.enum(['direct', 'group']),
    /** A group's title; a direct chat is titled by its person. */
    title: optionalText,
    people: z.array(SimulatedPersonSchema).min(1, 'Add at least one person.').max(50),
  })
  .refine((input) => input.kind === 'group' || input.people.length === 1, {
    message: 'A direct chat has exactly one person.',
    path: ['people'],
  });
export type CreateChatInput = z.input<typeof CreateChatSchema>;
export type ValidCreateChatInput = z.output<typeof CreateChatSchema>;

/** Parses operator input, turning zod's issues into one readable SimulatorInputError. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) =>
    issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message,
  );
  throw new SimulatorInputError(problems.join('; '));
}

/** The text of a message a person sends or edits: not blank, within Telegram's length limit. */
export function checkedPersonText(text: string): string {
  if (text.trim() === '') throw new SimulatorInputError('Write something to send.');
  if (text.length > MAX_MESSAGE_LENGTH) {
    throw new SimulatorInputError(
      `A message has at most ${MAX_MESSAGE_LENGTH} characters, not ${text.length}.`,
    );
  }
  return text;
}
