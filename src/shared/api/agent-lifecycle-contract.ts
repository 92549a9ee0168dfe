import { z } from 'zod';
import { configNameProblem } from '../domain/agent-config-name';
import { AgentConfigSchema } from '../domain/config';

/** A config name as the operator typed it; what to fix is said under the field. */
const NewConfigName = z.string().superRefine((name, context) => {
  const problem = configNameProblem(name);
  if (problem !== null) context.addIssue({ code: 'custom', message: problem });
});

/** Every field an agent file holds but its Telegram id, which only a login writes. */
export const AgentFieldsSchema = AgentConfigSchema.omit({
  configName: true,
  configDir: true,
  file: true,
  telegramId: true,
}).strict();
export type AgentFields = z.infer<typeof AgentFieldsSchema>;

export const NewAgentDefaultsSchema = z.object({
  /** The config directories of the path that exist, in search order: where an agent may be created or moved to. */
  configDirs: z.array(z.string()),
  /** What the form starts with: `DefaultAgent.md` of the first directory that has one, else Troupe's. */
  fields: AgentFieldsSchema,
  /** The template the fields came from; null: Troupe's own defaults. */
  templateFile: z.string().nullable(),
});
export type NewAgentDefaults = z.infer<typeof NewAgentDefaultsSchema>;

const AgentAnswer = z.object({ configName: z.string() });

/**
 * Agents made, renamed, moved and deleted from the console. A config name is unique across the
 * config directories, whatever its case. Rename, move and delete are refused (`conflict`) while
 * the agent is enabled or working; rename and delete take every row of its state with it, in one
 * transaction, and a failure part way puts everything back.
 */
export const agentLifecycleProcedures = {
  'agents.newAgentDefaults': { input: z.object({}).strict(), output: NewAgentDefaultsSchema },
  /** Writes `<configDir>/agents/<configName>.md` (never over a file) and loads it, disabled. */
  'agents.create': {
    input: z
      .object({ configDir: z.string().min(1), configName: NewConfigName, fields: AgentFieldsSchema })
      .strict(),
    output: AgentAnswer,
  },
  /** Renames the agent's file, its `agents/<name>/` folder and its state. */
  'agents.rename': {
    input: z.object({ configName: z.string().min(1), newConfigName: NewConfigName }).strict(),
    output: AgentAnswer,
  },
  /** Moves the agent's file and folder to another loaded config directory. */
  'agents.move': {
    input: z.object({ configName: z.string().min(1), configDir: z.string().min(1) }).strict(),
    output: AgentAnswer,
  },
  /** Deletes the agent's file, folder and state; `confirmation` must read `DELETE <configName>`. */
  'agents.delete': {
    input: z.object({ configName: z.string().min(1), confirmation: z.string() }).strict(),
    output: AgentAnswer,
  },
} as const;
