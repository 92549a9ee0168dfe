import type { AgentConfig } from '../../../shared/domain/config';
import type { ScheduleActivity } from '../../../shared/domain/schedule';
import type { PromptSource } from '../../config';
import { type LlmRouter, priceLlmCall, recordLlmUsage } from '../../llm';
import { buildSchedulePrompt } from '../../prompt';
import { applyScheduleTask, extensionWindow, newActivityId, pruneEnded, ScheduleError } from '../../schedule';
import type { Store } from '../../store';
import { validateTaskParams } from '../../tasks/kinds';
import { parseTaskReply } from '../../tasks/reply-parser';

/** The latest activities shown to the model: at most this many, of the last three days. */
const RECENT_ACTIVITIES = 10;
const RECENT_MS = 3 * 24 * 3_600_000;

/** The ledger's operation for a planning call. */
export const SCHEDULE_OPERATION = 'schedule';

/** Why an extension wrote nothing; the message says it in the operator's words. */
export class ScheduleExtensionError extends Error {
  override readonly name = 'ScheduleExtensionError';

  constructor(
    message: string,
    /** The agent keeps no schedule (its file has no Daily Schedule), rather than the planning failing. */
    readonly noSchedule = false,
  ) {
    super(message);
  }
}

export interface PlanScheduleDeps {
  store: Store;
  llm: Pick<LlmRouter, 'resolve' | 'providerFor'>;
  /** Instructions-Schedule and the agent's role prompts: the configuration's, else the shipped ones. */
  prompts: () => PromptSource;
  /** The model of agents whose file names none (Settings → Engine). */
  defaultLlm: () => string;
  now: () => Date;
}

export interface PlannedSchedule {
  /** Activities the model added or changed. */
  written: number;
  /** The model's schedule tasks that could not be taken, with why. */
  refused: string[];
}

/**
 * Extends an agent's schedule with its model: the stretch from where the schedule ends to the
 * end of the day after tomorrow is planned from the agent's typical week and its latest
 * activities. Each activity the model writes is fitted in as a `schedule` task would be (one
 * starting before the stretch is cut to it); the call's ledger row and the new schedule are
 * written in one transaction, onto the schedule as it is then (the operator may have edited it
 * meanwhile). Throws ScheduleExtensionError when nothing was planned (the call is still billed).
 */
export async function planSchedule(
  deps: PlanScheduleDeps,
  agent: AgentConfig,
  timeZone: string,
  signal: AbortSignal,
): Promise<PlannedSchedule> {
  const { store } = deps;
  const now = deps.now();
  const stored = store.schedules.get(agent.configName).activities;
  const window = extensionWindow(stored, now, timeZone);
  if (window.end <= window.start) return { written: 0, refused: [] };
  const prompts = deps.prompts();
  const rolePrompts = [];
  for (const name of agent.rolePrompts) rolePrompts.push({ name, text: await prompts.load(name) });
  const prompt = buildSchedulePrompt({
    agent,
    agentId: agent.telegramId,
    instructions: await prompts.load('Instructions-Schedule'),
    rolePrompts,
    window,
    recent: stored.filter((a) => Date.parse(a.end) > now.getTime() - RECENT_MS).slice(-RECENT_ACTIVITIES),
    now,
    timeZone,
  });
  const resolved = deps.llm.resolve(agent.llm?.trim() || deps.defaultLlm());
  const reply = await deps.llm.providerFor(resolved.provider).queryStructured({
    model: resolved.model,
    systemPrompt: prompt.text,
    turns: [{ role: 'user', parts: [prompt.turnContext] }],
    responseSchema: prompt.responseSchema,
    signal,
  });
  const usage = {
    agent: agent.configName,
    channelId: null,
    operation: SCHEDULE_OPERATION,
    provider: resolved.provider,
    model: resolved.model,
    usage: reply.usage,
    latencyMs: reply.latencyMs,
    costUsd: priceLlmCall(store.llmPrices, { ...resolved, usage: reply.usage }),
  };
  const planned = store.transaction(() => {
    recordLlmUsage(store, usage);
    const fitted = fitPlan(store.schedules.get(agent.configName).activities, reply.text, window.start);
    if (fitted.written > 0)
      store.schedules.replace(agent.configName, pruneEnded(fitted.activities, now), now, now);
    return { written: fitted.written, refused: fitted.refused };
  });
  if (planned.written === 0) {
    const why = planned.refused[0] ?? 'the reply held no schedule task';
    throw new ScheduleExtensionError(`The model planned no activity: ${why}.`);
  }
  return planned;
}

/** The model's schedule tasks applied in order onto `activities`; refused ones are listed. */
function fitPlan(
  activities: readonly ScheduleActivity[],
  replyText: string,
  windowStart: Date,
): PlannedSchedule & { activities: ScheduleActivity[] } {
  let tasks: ReturnType<typeof parseTaskReply>['tasks'];
  try {
    tasks = parseTaskReply(replyText).tasks;
  } catch (error) {
    return { activities: [...activities], written: 0, refused: [(error as Error).message] };
  }
  let current = [...activities];
  let written = 0;
  const refused: string[] = [];
  for (const task of tasks) {
    if (task.kind !== 'schedule') continue;
    const checked = validateTaskParams('schedule', task.params);
    if (!checked.ok) {
      refused.push(checked.error);
      continue;
    }
    const isNew = !current.some((activity) => activity.id === task.id);
    const fields = { id: isNew ? newActivityId() : task.id, ...checked.params };
    // A plan that begins a little before the stretch must not rewrite what was already planned.
    if (isNew && fields.start_time !== undefined && Date.parse(fields.start_time) < windowStart.getTime()) {
      fields.start_time = windowStart.toISOString();
    }
    try {
      current = applyScheduleTask(current, fields, newActivityId).activities;
      written++;
    } catch (error) {
      if (!(error instanceof ScheduleError)) throw error;
      refused.push(`schedule task: ${error.message}`);
    }
  }
  return { activities: current, written, refused };
}
