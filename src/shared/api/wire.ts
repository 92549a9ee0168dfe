import { z } from 'zod';
import { ApiErrorPayloadSchema } from './errors';

/**
 * Messages exchanged over a byte transport (the headless server's WebSocket). Electron IPC
 * carries the same request/response shapes through `ipcRenderer.invoke`.
 */
export const WireRequestSchema = z
  .object({
    type: z.literal('request'),
    id: z.number().int().nonnegative(),
    method: z.string(),
    input: z.unknown(),
  })
  .strict();
export type WireRequest = z.infer<typeof WireRequestSchema>;

export const WireResponseSchema = z.discriminatedUnion('ok', [
  z.object({ type: z.literal('response'), id: z.number().int(), ok: z.literal(true), result: z.unknown() }),
  z.object({
    type: z.literal('response'),
    id: z.number().int(),
    ok: z.literal(false),
    error: ApiErrorPayloadSchema,
  }),
]);
export type WireResponse = z.infer<typeof WireResponseSchema>;

export const WireEventSchema = z.object({ type: z.literal('event'), name: z.string(), payload: z.unknown() });
export type WireEvent = z.infer<typeof WireEventSchema>;

export const WireServerMessageSchema = z.union([WireResponseSchema, WireEventSchema]);
export type WireServerMessage = z.infer<typeof WireServerMessageSchema>;

/** The outcome of one call as both transports deliver it. */
export type CallOutcome =
  | { ok: true; result: unknown }
  | { ok: false; error: z.infer<typeof ApiErrorPayloadSchema> };
