import { z } from 'zod';
import { SimulatedPersonInputSchema } from '../../shared/api/conversation-contract';

/**
 * The script `troupe simulate` plays: who is in the chat and what they do, step by step.
 * Message indexes point into the chat's transcript (0 is the first message, the agent's included;
 * -1 the newest), as the transcript lines print them.
 */

const PersonSchema = z.union([
  z
    .string()
    .trim()
    .min(1, 'A person needs a first name.')
    .transform((firstName) => ({ firstName })),
  SimulatedPersonInputSchema,
]);

/** A person by position in `people` (0 is the first) or by first name or username. */
const PersonRefSchema = z.union([z.number().int().nonnegative(), z.string().trim().min(1)]);
const MessageIndexSchema = z.number().int({ error: 'must be a whole number (a transcript index)' });

const SayStepSchema = z
  .object({
    say: z.string().trim().min(1, 'Write something to say.').max(4096),
    as: PersonRefSchema.optional(),
    replyTo: MessageIndexSchema.optional(),
  })
  .strict();
const ReactStepSchema = z
  .object({
    react: z.string().trim().min(1, 'Name an emoji.'),
    to: MessageIndexSchema,
    as: PersonRefSchema.optional(),
  })
  .strict();
const WaitStepSchema = z
  .object({ wait: z.number().positive('Wait a positive number of seconds.').max(3600) })
  .strict();

const StepSchema = z.union([SayStepSchema, ReactStepSchema, WaitStepSchema], {
  error: 'A step is {"say": text}, {"react": emoji, "to": index} or {"wait": seconds}.',
});

export const SimulateScriptSchema = z
  .object({
    people: z
      .array(PersonSchema)
      .min(1, 'Name at least one person.')
      .max(50)
      .default([{ firstName: 'Pat' }]),
    kind: z.enum(['direct', 'group']).optional(),
    title: z.string().trim().min(1).optional(),
    steps: z.array(StepSchema).min(1, 'Add at least one step.'),
  })
  .strict();

export type SimulateScript = z.output<typeof SimulateScriptSchema>;
export type SimulateStep = SimulateScript['steps'][number];
export type PersonRef = z.output<typeof PersonRefSchema>;

export class ScriptError extends Error {
  override readonly name = 'ScriptError';
}

function issuePath(path: readonly PropertyKey[]): string {
  if (path[0] === 'steps' && typeof path[1] === 'number') {
    const rest = path.slice(2).map(String).join('.');
    return `step ${path[1]}${rest ? ` (${rest})` : ''}`;
  }
  return path.map(String).join('.') || 'script';
}

/**
 * Reads a script's JSON text. Throws ScriptError naming the step (by its index in `steps`) and
 * what to fix.
 */
export function parseSimulateScript(text: string, file: string): SimulateScript {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new ScriptError(`${file} is not valid JSON: ${(error as Error).message}`);
  }
  const parsed = SimulateScriptSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issuePath(issue.path)}: ${issue.message}`);
    throw new ScriptError(`${file} is not a valid script:\n  ${problems.join('\n  ')}`);
  }
  const script = parsed.data;
  const kind = script.kind ?? (script.people.length === 1 ? 'direct' : 'group');
  if (kind === 'direct' && script.people.length !== 1) {
    throw new ScriptError(`${file}: a direct chat has exactly one person; use "kind": "group" for more.`);
  }
  script.steps.forEach((step, index) => {
    if ('as' in step && step.as !== undefined) personIndex(script, step.as, index);
  });
  return { ...script, kind };
}

/** The position in `people` a reference names; throws ScriptError for a step naming nobody. */
export function personIndex(script: SimulateScript, ref: PersonRef | undefined, step: number): number {
  if (ref === undefined) return 0;
  if (typeof ref === 'number') {
    if (ref < script.people.length) return ref;
    throw new ScriptError(`step ${step}: there is no person ${ref}; people are numbered from 0.`);
  }
  const lower = ref.replace(/^@/, '').toLowerCase();
  const found = script.people.findIndex(
    (person) =>
      person.firstName.toLowerCase() === lower ||
      ('username' in person && person.username?.toLowerCase() === lower),
  );
  if (found === -1) throw new ScriptError(`step ${step}: nobody in "people" is called "${ref}".`);
  return found;
}
