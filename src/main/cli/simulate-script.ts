import { z } from 'zod';
import {
  MAX_CAPTION_LENGTH,
  type SimulatedFileKind,
  SimulatedPersonInputSchema,
} from '../../shared/api/conversation-contract';

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

/** Who does a step, and the message a sent one replies to. */
const SenderFields = { as: PersonRefSchema.optional(), replyTo: MessageIndexSchema.optional() };

const SayStepSchema = z
  .object({ say: z.string().trim().min(1, 'Write something to say.').max(4096), ...SenderFields })
  .strict();
const ReactStepSchema = z
  .object({
    react: z.string().trim().min(1, 'Name an emoji.'),
    to: MessageIndexSchema,
    as: PersonRefSchema.optional(),
  })
  .strict();
/** A number of seconds, or "reply": until the agent is done answering (idle). */
const WaitStepSchema = z
  .object({
    wait: z.union([z.number().positive().max(3600), z.literal('reply')], {
      error: 'Wait a positive number of seconds (up to 3600), or "reply" to wait for the agent.',
    }),
  })
  .strict();

const FILE_PATH_RULE = 'give the path of a file, relative to the script';
const FilePathSchema = z.string({ error: FILE_PATH_RULE }).trim().min(1, FILE_PATH_RULE);

/** The kinds of file a step names by its key (a sticker file has its own step). */
const FILE_STEP_KINDS = ['photo', 'video', 'voice', 'audio', 'document'] as const;
type FileStepKind = (typeof FILE_STEP_KINDS)[number];

function fileStepSchema<K extends FileStepKind>(kind: K) {
  const path = { [kind]: FilePathSchema } as Record<K, typeof FilePathSchema>;
  return z
    .object({
      ...path,
      caption: z
        .string()
        .trim()
        .min(1, 'Write a caption, or leave it out.')
        .max(MAX_CAPTION_LENGTH, `A caption has at most ${MAX_CAPTION_LENGTH} characters.`)
        .optional(),
      ...SenderFields,
    })
    .strict();
}

const StickerFileStepSchema = z
  .object({ sticker: FilePathSchema, emoji: z.string().trim().min(1).optional(), ...SenderFields })
  .strict();
/** A sticker the agent knows: its name in one of the curated sets. */
const CuratedStickerStepSchema = z
  .object({
    sticker: z.string().trim().min(1, 'Name the sticker.'),
    set: z.string().trim().min(1, 'Name the sticker set.'),
    ...SenderFields,
  })
  .strict();

const STEP_FORMS =
  '{"say": text}, {"react": emoji, "to": index}, {"wait": seconds | "reply"}, ' +
  '{"photo" | "video" | "voice" | "audio" | "document": file, "caption"?: text}, ' +
  '{"sticker": file, "emoji"?: emoji} or {"sticker": name, "set": set}';

const StepSchema = z.union(
  [
    SayStepSchema,
    ReactStepSchema,
    WaitStepSchema,
    fileStepSchema('photo'),
    fileStepSchema('video'),
    fileStepSchema('voice'),
    fileStepSchema('audio'),
    fileStepSchema('document'),
    CuratedStickerStepSchema,
    StickerFileStepSchema,
  ],
  { error: `A step is ${STEP_FORMS}.` },
);

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

/** The file a step sends and what it is sent as, or null for a step that sends no file. */
export function stepFile(step: SimulateStep): { kind: SimulatedFileKind; path: string } | null {
  if ('sticker' in step) return 'set' in step ? null : { kind: 'sticker', path: step.sticker };
  const kind = FILE_STEP_KINDS.find((candidate) => candidate in step);
  return kind ? { kind, path: (step as Record<FileStepKind, string>)[kind] } : null;
}

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
 * A step that matches no form is reported by the form it comes closest to (the one whose keys it
 * has, with the fewest problems), so `{"photo": 3}` says what is wrong with the photo.
 */
function stepProblems(issue: z.core.$ZodIssue): z.core.$ZodIssue[] {
  if (issue.code !== 'invalid_union') return [issue];
  const closest = issue.errors
    .filter(
      (form) => !form.some((problem) => problem.code === 'unrecognized_keys' && problem.path.length === 0),
    )
    .sort((a, b) => a.length - b.length)[0];
  return closest?.map((problem) => ({ ...problem, path: [...issue.path, ...problem.path] })) ?? [issue];
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
    const problems = parsed.error.issues
      .flatMap(stepProblems)
      .map((issue) => `${issuePath(issue.path)}: ${issue.message}`);
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
