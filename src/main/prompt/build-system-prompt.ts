import type { AgentConfig } from '../../shared/domain/config';
import type { ChatInfo, StickerRef } from '../../shared/domain/conversation';
import type { MemoryEntry, MemorySummary } from '../../shared/domain/memory';
import type { ScheduleActivity } from '../../shared/domain/schedule';
import { extractSchemaTasks } from '../config/schema-tasks';
import type { MediaRef } from '../messaging/port';
import type { ScheduledEvent } from '../store';
import type { ModelTaskKind } from '../tasks/kinds';
import { allowedTaskKinds } from '../tasks/response-schema';
import { assemblePrompt, type BuiltPrompt, presentSections } from './built-prompt';
import { channelDetailsSection } from './channel-details';
import { currentActivitySection } from './current-activity-section';
import { currentTimeSection } from './current-time-section';
import { documentsSection } from './documents-section';
import { eventsSection, type RefusedEventTask } from './events-section';
import { type KnownPerson, knownFactsSection } from './fact-sections';
import { mediaSection } from './media-section';
import {
  conversationNotesSection,
  conversationPlanSection,
  globalMemoriesSection,
  intentionsSection,
} from './memory-sections';
import { operatorSections, templateSubstitution } from './operator-sections';
import { retrievedDocumentsSection, type TurnRetrieval } from './retrieved-documents-section';
import type { PromptSection } from './section';
import { stickerSection } from './sticker-section';
import { earlierConversationSection } from './summary-sections';
import { type TurnContext, turnInstructionsSection } from './turn-instructions';

export interface SystemPromptInput {
  agent: AgentConfig;
  /** The agent's Telegram id; null before its account is signed in. */
  agentId: number | null;
  chat: ChatInfo;
  /** The text of the Instructions prompt. */
  instructions: string;
  /** The agent's role prompts in configured order, loaded by the caller. */
  rolePrompts: readonly { name: string; text: string }[];
  stickers: readonly StickerRef[];
  /** The agent's media library; listed only when `send_media` is enabled. */
  media: readonly MediaRef[];
  /** The names of the documents the agent can read as `file:NAME`; listed only when `retrieve` is enabled. */
  documents?: readonly string[];
  memories: readonly MemoryEntry[];
  intentions: readonly MemoryEntry[];
  /** This conversation's notes. */
  notes: readonly MemoryEntry[];
  /** This conversation's plan entries. */
  plans: readonly MemoryEntry[];
  /** The people of the conversation and the facts the agent knows about them. */
  people: readonly KnownPerson[];
  /** This conversation's summaries, oldest first: what the messages before the history were about. */
  summaries: readonly MemorySummary[];
  /** This conversation's scheduled events, soonest first, and the event tasks refused last turn. */
  events?: { upcoming: readonly ScheduledEvent[]; refused: readonly RefusedEventTask[] };
  /** The documents this conversation retrieved and may still read; none when absent. */
  retrieval?: TurnRetrieval;
  /** The agent's daily schedule; none when absent. */
  schedule?: readonly ScheduleActivity[];
  /** The Task-Schedule prompt, for an agent that does not list it: added once it retrieved its schedule. */
  schedulePrompt?: string | null;
  now: Date;
  /** The agent's IANA time zone. */
  timeZone: string;
  turn: TurnContext;
}

export type { BuiltPrompt } from './built-prompt';

/**
 * The task kinds an agent's replies may use (see `allowedTaskKinds`). Only texts the operator
 * wrote can enable kinds: a partner's bio, a stored memory or a sticker description that happens
 * to contain a SCHEMA_TASKS comment must not unlock `block` or `xsend`. Read before substitution
 * for the same reason (a partner's name is inserted there).
 */
export function enabledTaskKinds(
  input: Pick<SystemPromptInput, 'agent' | 'instructions' | 'rolePrompts'>,
): ModelTaskKind[] {
  const operatorTexts = [
    input.instructions,
    input.agent.instructions,
    ...input.rolePrompts.map((role) => role.text),
  ];
  return allowedTaskKinds(operatorTexts.flatMap(schemaTasksOf));
}

/** Each prompt's kinds, kept while the prompt is: every turn asks twice, of texts that rarely change. */
const kindsByPromptText = new Map<string, string[]>();
const PROMPT_TEXTS_KEPT = 256;

function schemaTasksOf(text: string): string[] {
  let kinds = kindsByPromptText.get(text);
  if (!kinds) {
    kinds = extractSchemaTasks(text);
    if (kindsByPromptText.size >= PROMPT_TEXTS_KEPT) kindsByPromptText.clear();
    kindsByPromptText.set(text, kinds);
  }
  return kinds;
}

/** The role prompt that teaches the `schedule` task, and the document it works from. */
export const SCHEDULE_ROLE_PROMPT = 'Task-Schedule';
const SCHEDULE_DOCUMENT = 'file:schedule.json';

/**
 * The role prompts this turn includes. `Task-Schedule` is about the agent's own schedule: listed
 * in the agent's role prompts, it is included only for an agent that keeps a schedule (a Daily
 * Schedule in its file, or activities stored) or that retrieved `file:schedule.json` here; not
 * listed, it is added (as `schedulePrompt`) once the agent retrieved its schedule, so any agent
 * that reads its schedule learns how to change it.
 */
function rolePromptsOfTurn(input: SystemPromptInput): SystemPromptInput['rolePrompts'] {
  const isSchedulePrompt = (role: { name: string }) =>
    role.name.toLowerCase() === SCHEDULE_ROLE_PROMPT.toLowerCase();
  const retrieved =
    input.retrieval?.documents.some((document) => document.url === SCHEDULE_DOCUMENT) ?? false;
  const keepsSchedule = input.agent.dailySchedule !== null || (input.schedule?.length ?? 0) > 0;
  if (input.rolePrompts.some(isSchedulePrompt)) {
    return keepsSchedule || retrieved
      ? input.rolePrompts
      : input.rolePrompts.filter((role) => !isSchedulePrompt(role));
  }
  if (!retrieved || !input.schedulePrompt) return input.rolePrompts;
  return [...input.rolePrompts, { name: SCHEDULE_ROLE_PROMPT, text: input.schedulePrompt }];
}

/**
 * The prompt of one turn. The system prompt runs from the most to the least stable section, so a
 * provider's prompt cache can reuse it whole, with the history after it:
 * 1. what the operator wrote (Instructions, agent instructions, role prompts, stickers, media),
 *    the same for every turn of every conversation of the agent;
 * 2. state that changes now and then (memories, intentions, this conversation's notes and plan,
 *    what the agent knows about the people in it, its scheduled events, channel details, the summaries of earlier
 *    messages), byte-identical while it does not change.
 * What changes every turn (the current time, then why it is the agent's turn) is the turn
 * context, which the caller puts after the history, where it is also freshest in the model's
 * attention.
 * {char} and {user} placeholders are filled in the operator's texts and in our turn wording only:
 * memories and channel details are shown as stored, never reinterpreted.
 */
export function buildSystemPrompt(fullInput: SystemPromptInput): BuiltPrompt {
  const input = { ...fullInput, rolePrompts: rolePromptsOfTurn(fullInput) };
  const { agent, chat } = input;
  const allowedKinds = enabledTaskKinds(input);
  const substitute = templateSubstitution(agent, input.agentId, chat);

  const candidates: (PromptSection | null)[] = [
    ...operatorSections({ instructionsName: 'Instructions', ...input }, substitute),
    stickerSection(input.stickers),
    mediaSection(input.media, allowedKinds),
    documentsSection(input.documents ?? [], allowedKinds),
    globalMemoriesSection(input.memories),
    intentionsSection(input.intentions),
    conversationNotesSection(input.notes),
    conversationPlanSection(input.plans),
    knownFactsSection(input.people),
    eventsSection(input.events?.upcoming ?? [], input.timeZone, {
      refusals: input.events?.refused ?? [],
      canEdit: allowedKinds.includes('event'),
    }),
    channelDetailsSection(chat),
    earlierConversationSection(input.summaries, { withIds: allowedKinds.includes('summarize') }),
    retrievedDocumentsSection(input.retrieval, input.timeZone),
  ];
  const sections = presentSections(candidates);
  const turnSections = presentSections([
    currentTimeSection(input.now, input.timeZone),
    currentActivitySection(input.schedule ?? [], input.now, input.timeZone),
    turnInstructionsSection(input.turn, substitute),
  ]);

  return assemblePrompt(sections, turnSections, allowedKinds);
}
