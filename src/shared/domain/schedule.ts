import { z } from 'zod';

/** How readily the agent answers during an activity: 100 at once, 1 slowly, 0 asleep. */
export const ResponsivenessSchema = z.number().int().min(0).max(100);

/**
 * One stretch of an agent's day ("Opening the shop", "Asleep"): from `start` to `end` (ISO times in
 * UTC, `end` after `start`), with how readily the agent answers meanwhile and what it is doing.
 */
export const ScheduleActivitySchema = z.object({
  id: z.string().min(1),
  start: z.string(),
  end: z.string(),
  name: z.string().trim().min(1),
  responsiveness: ResponsivenessSchema,
  description: z.string(),
});
export type ScheduleActivity = z.infer<typeof ScheduleActivitySchema>;
