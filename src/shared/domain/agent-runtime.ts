import { z } from 'zod';

export const LOGIN_STATES = ['logged-out', 'logging-in', 'logged-in'] as const;
export const LoginStateSchema = z.enum(LOGIN_STATES);
export type LoginState = z.infer<typeof LoginStateSchema>;

/** What the runtime knows about an agent beyond its config file; persisted per config name. */
export const AgentRuntimeStateSchema = z.object({
  configName: z.string(),
  telegramId: z.number().int().nullable(),
  /** Operator switch; an agent whose file says `Disabled` stays off regardless. */
  enabled: z.boolean(),
  loginState: LoginStateSchema,
  updatedAt: z.string().nullable(),
});
export type AgentRuntimeState = z.infer<typeof AgentRuntimeStateSchema>;
