import { z } from 'zod';
import { AgentRuntimeStateSchema } from '../domain/agent-runtime';
import { AgentChangesSchema, AgentConfigSchema, ConfigProblemSchema, MEDIA_KINDS } from '../domain/config';
import { SecretNameSchema, SecretStatusSchema, secretValueProblem } from '../domain/secrets';
import { LlmProviderIdSchema, SettingsPatchSchema, SettingsSchema } from '../domain/settings';
import { agentLifecycleProcedures } from './agent-lifecycle-contract';
import { ZoneChangeChoiceSchema } from './agent-zone-contract';
import { conversationEvents, conversationProcedures } from './conversation-contract';
import { conversationToolsEvents, conversationToolsProcedures } from './conversation-tools-contract';
import { copilotEvents, copilotProcedures } from './copilot-contract';
import { documentsProcedures } from './documents-contract';
import { eventsEvents, eventsProcedures } from './events-contract';
import { mediaEvents, mediaProcedures } from './media-contract';
import { memoryEvents, memoryProcedures } from './memory-contract';
import { planProcedures } from './plan-contract';
import { pricesEvents, pricesProcedures } from './prices-contract';
import { scheduleEvents, scheduleProcedures } from './schedule-contract';
import { telegramAccountProcedures } from './telegram-account-contract';
import { telegramEvents, telegramProcedures } from './telegram-contract';
import { telegramMembershipProcedures } from './telegram-membership-contract';
import { usageEvents, usageProcedures } from './usage-contract';

/**
 * The operator API: every procedure with its input and output schema, and every server event.
 * The main process, the headless server and the renderer all build on this one table.
 */

const NoInput = z.object({}).strict();
const ConfigNameInput = z.object({ configName: z.string().min(1) }).strict();

export const ConfigPathSourceSchema = z.enum([
  '--config-path',
  'TROUPE_CONFIG_PATH',
  'CINDY_AGENT_CONFIG_PATH',
  'settings',
  'default',
]);
export type ConfigPathSource = z.infer<typeof ConfigPathSourceSchema>;

export const AppInfoSchema = z.object({
  name: z.string(),
  version: z.string(),
  /** `desktop` inside Electron, `server` under `troupe serve`. */
  mode: z.enum(['desktop', 'server']),
  stateDir: z.string(),
  /** The config directories in effect, in search order. */
  configPath: z.array(z.string()),
  /** Where `configPath` came from, so the console can explain it. */
  configPathSource: ConfigPathSourceSchema,
  platform: z.string(),
  /** The providers an environment variable points elsewhere, over the base URLs in Settings. */
  environmentBaseUrls: z.array(
    z.object({ provider: LlmProviderIdSchema, variable: z.string(), url: z.string() }),
  ),
});
export type AppInfo = z.infer<typeof AppInfoSchema>;

export const RolePromptRefSchema = z.object({
  name: z.string(),
  /** The config directory the prompt resolved from; null when no directory has it. */
  dir: z.string().nullable(),
});
export type RolePromptRef = z.infer<typeof RolePromptRefSchema>;

export const AgentSummarySchema = z.object({
  config: AgentConfigSchema,
  runtime: AgentRuntimeStateSchema,
  /** Problems located in this agent's file. */
  problemCount: z.number().int().nonnegative(),
});
export type AgentSummary = z.infer<typeof AgentSummarySchema>;

export const AgentDetailSchema = z.object({
  config: AgentConfigSchema,
  runtime: AgentRuntimeStateSchema,
  rolePrompts: z.array(RolePromptRefSchema),
  /** The agent file's text as read now, fingerprinted: a change made against another is refused. */
  fileVersion: z.string(),
  problems: z.array(ConfigProblemSchema),
});
export type AgentDetail = z.infer<typeof AgentDetailSchema>;

export const ConfigReportSchema = z.object({
  configPath: z.array(z.string()),
  agentCount: z.number().int().nonnegative(),
  promptNames: z.array(z.string()),
  mediaCounts: z.record(z.enum(MEDIA_KINDS), z.number().int().nonnegative()),
  problems: z.array(ConfigProblemSchema),
  loadedAt: z.string(),
});
export type ConfigReport = z.infer<typeof ConfigReportSchema>;

export const procedures = {
  'app.info': { input: NoInput, output: AppInfoSchema },
  'agents.list': {
    input: NoInput,
    output: z.object({ agents: z.array(AgentSummarySchema), problems: z.array(ConfigProblemSchema) }),
  },
  'agents.get': { input: ConfigNameInput, output: AgentDetailSchema },
  /**
   * Changes fields of an agent in its file (only their sections; everything else stays byte for
   * byte). `fileVersion` is the one `agents.get` gave: a file changed since is not overwritten
   * (`conflict`). A value that cannot be written is refused under its field. A new time zone for
   * an agent with schedule activities or scheduled events needs `zoneChange`; without it the
   * change is refused (`conflict` with `ZoneChoiceNeeded` details: the zones and the counts).
   */
  'agents.update': {
    input: z
      .object({
        configName: z.string().min(1),
        fileVersion: z.string().min(1),
        changes: AgentChangesSchema,
        zoneChange: ZoneChangeChoiceSchema.optional(),
      })
      .strict(),
    output: AgentDetailSchema,
  },
  ...agentLifecycleProcedures,
  'config.check': { input: NoInput, output: ConfigReportSchema },
  'config.reload': { input: NoInput, output: ConfigReportSchema },
  'settings.get': { input: NoInput, output: SettingsSchema },
  'settings.update': { input: SettingsPatchSchema, output: SettingsSchema },
  'secrets.status': { input: NoInput, output: z.object({ secrets: z.array(SecretStatusSchema) }) },
  'secrets.set': {
    input: z
      .object({ name: SecretNameSchema, value: z.string() })
      .strict()
      .superRefine(({ name, value }, context) => {
        const problem = secretValueProblem(name, value);
        if (problem) context.addIssue({ code: 'custom', path: ['value'], message: problem });
      }),
    output: SecretStatusSchema,
  },
  'secrets.clear': { input: z.object({ name: SecretNameSchema }).strict(), output: SecretStatusSchema },
  ...conversationProcedures,
  ...conversationToolsProcedures,
  ...memoryProcedures,
  ...mediaProcedures,
  ...planProcedures,
  ...pricesProcedures,
  ...copilotProcedures,
  ...telegramProcedures,
  ...telegramAccountProcedures,
  ...telegramMembershipProcedures,
  ...usageProcedures,
  ...documentsProcedures,
  ...eventsProcedures,
  ...scheduleProcedures,
} as const;

export const events = {
  'agent.stateChanged': AgentRuntimeStateSchema,
  'config.reloaded': ConfigReportSchema,
  'secrets.changed': z.object({ secrets: z.array(SecretStatusSchema) }),
  'settings.changed': SettingsSchema,
  ...conversationEvents,
  ...conversationToolsEvents,
  ...memoryEvents,
  ...mediaEvents,
  ...pricesEvents,
  ...copilotEvents,
  ...telegramEvents,
  ...usageEvents,
  ...eventsEvents,
  ...scheduleEvents,
} as const;

export type Procedures = typeof procedures;
export type ProcedureName = keyof Procedures;
export type ProcedureInput<P extends ProcedureName> = z.input<Procedures[P]['input']>;
export type ProcedureOutput<P extends ProcedureName> = z.output<Procedures[P]['output']>;

export type Events = typeof events;
export type EventName = keyof Events;
export type EventPayload<E extends EventName> = z.output<Events[E]>;

export function isProcedureName(name: string): name is ProcedureName {
  return Object.hasOwn(procedures, name);
}

export function isEventName(name: string): name is EventName {
  return Object.hasOwn(events, name);
}
