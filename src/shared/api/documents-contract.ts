import { z } from 'zod';

/**
 * The config directories' markdown documents, read and changed from the console: role prompts
 * (`<dir>/prompts/*.md`), shared documents (`<dir>/docs/*.md`), an agent's own documents
 * (`<dir>/agents/<ConfigName>/docs/*.md`) and the prompts shipped with Troupe (read only: they are
 * changed by overriding them in a config directory). Changes reach the runtime through the config
 * watcher's reload, announced as `config.reloaded`.
 */

/** Where a document lives. `shipped`: the prompts folder of Troupe's own shipped configuration. */
export const DocumentPlaceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('prompts'), configDir: z.string().min(1) }).strict(),
  z.object({ kind: z.literal('docs'), configDir: z.string().min(1) }).strict(),
  z.object({ kind: z.literal('agent'), agent: z.string().min(1) }).strict(),
  z.object({ kind: z.literal('shipped') }).strict(),
]);
export type DocumentPlace = z.infer<typeof DocumentPlaceSchema>;

export const AgentRefSchema = z.object({ configName: z.string(), name: z.string() });
export type AgentRef = z.infer<typeof AgentRefSchema>;

export const DocumentEntrySchema = z.object({
  /** The file name without `.md`; for a role prompt, the name agents list. */
  name: z.string(),
  /** Agents whose role prompts name this prompt and find it in this file. */
  usedBy: z.array(AgentRefSchema),
  /** One of Troupe's shipped prompts: edited by overriding it, never renamed or deleted. */
  shipped: z.boolean(),
  /** A file named like a shipped prompt, used instead of the shipped one. */
  overridesShipped: z.boolean(),
  /** Such a file whose text is the shipped one's, unchanged (a copied config directory). */
  sameAsShipped: z.boolean(),
  /** The config directory earlier on the path whose file of this name is used instead; null when this one is. */
  shadowedBy: z.string().nullable(),
});
export type DocumentEntry = z.infer<typeof DocumentEntrySchema>;

export const DocumentDirSchema = z.object({
  configDir: z.string(),
  /** One of the directories shipped with Troupe. */
  shipped: z.boolean(),
  prompts: z.array(DocumentEntrySchema),
  docs: z.array(DocumentEntrySchema),
});
export type DocumentDir = z.infer<typeof DocumentDirSchema>;

export const ShippedPromptSchema = z.object({
  name: z.string(),
  /** The config directory whose override is used instead; null while the shipped text is. */
  overriddenIn: z.string().nullable(),
  /** The override used has the shipped text, unchanged. */
  overrideIsCopy: z.boolean(),
});
export type ShippedPrompt = z.infer<typeof ShippedPromptSchema>;

const PlacedName = { place: DocumentPlaceSchema, name: z.string().min(1) };

export const documentsProcedures = {
  /** Every loaded config directory's role prompts and shared documents, in config-path order. */
  'documents.list': {
    input: z.object({}).strict(),
    output: z.object({ dirs: z.array(DocumentDirSchema), shippedPrompts: z.array(ShippedPromptSchema) }),
  },
  /** An agent's own documents, in `agents/<ConfigName>/docs/` of its config directory. */
  'documents.agentList': {
    input: z.object({ agent: z.string().min(1) }).strict(),
    output: z.object({ configDir: z.string(), folder: z.string(), docs: z.array(DocumentEntrySchema) }),
  },
  'documents.read': {
    input: z.object(PlacedName).strict(),
    output: z.object({ text: z.string(), version: z.string(), readOnly: z.boolean() }),
  },
  /** `name` as typed (`.md` optional); refused under `name` when invalid or taken in the folder. */
  'documents.create': {
    input: z.object({ ...PlacedName, text: z.string().default('') }).strict(),
    output: z.object({ name: z.string(), version: z.string() }),
  },
  /** Refused (`conflict`) when the file is no longer at `version`: it changed on disk since it was read. */
  'documents.save': {
    input: z.object({ ...PlacedName, text: z.string(), version: z.string().min(1) }).strict(),
    output: z.object({ version: z.string() }),
  },
  /**
   * Renames within the folder, refused under `newName` when invalid or taken. For a role prompt in
   * use, `updateAgents` also renames it in those agents' role prompts (each file otherwise kept
   * byte for byte); left false, they name a prompt that is gone until changed.
   */
  'documents.rename': {
    input: z
      .object({ ...PlacedName, newName: z.string().min(1), updateAgents: z.boolean().default(false) })
      .strict(),
    output: z.object({ name: z.string(), updatedAgents: z.array(z.string()) }),
  },
  /** To another directory's folder of the same kind (documents also between shared and an agent's). */
  'documents.move': {
    input: z.object({ ...PlacedName, to: DocumentPlaceSchema }).strict(),
    output: z.object({ moved: z.literal(true) }),
  },
  /** Refused (`conflict`, naming them) for a role prompt agents use, and for a shipped prompt. */
  'documents.delete': {
    input: z.object(PlacedName).strict(),
    output: z.object({ deleted: z.literal(true) }),
  },
} as const;
