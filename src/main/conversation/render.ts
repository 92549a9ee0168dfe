import type { ChatMsg } from '../../shared/domain/conversation';
import type { LlmTurn } from '../llm/provider';
import { messageTimeFormatter } from './local-time';
import { renderMessageParts, SPECIAL_MARKER } from './message-parts';

/** A document the agent fetched earlier in this graph (retrieval), shown before the history. */
export interface RetrievedResource {
  url: string;
  content: string;
}

export interface RenderTurnsOptions {
  /** The agent's IANA time zone: message times are written in it. */
  timeZone: string;
  resources?: readonly RetrievedResource[];
}

/*
 * Providers want the contents to end on a user turn (Gemini requires it), and a model given
 * nothing to answer tends to invent a message. These notes say plainly why it is the agent's turn.
 */
export const EMPTY_HISTORY_NOTE = `${SPECIAL_MARKER} Nobody has written anything in this conversation yet. It is your turn.`;
export const AGENT_SPOKE_LAST_NOTE = `${SPECIAL_MARKER} The latest message above is your own. It is your turn again: add something only if it is worth adding.`;

/**
 * The history as the model sees it, oldest first: fetched resources first as the agent's own
 * turns (it fetched them), then one turn per message (the agent's messages as `agent`, everyone
 * else's as `user`), then a closing user note when there is no message or the agent spoke last.
 */
export function renderTurns(messages: readonly ChatMsg[], options: RenderTurnsOptions): LlmTurn[] {
  const formatTime = messageTimeFormatter(options.timeZone);
  const turns: LlmTurn[] = (options.resources ?? []).map((resource) => ({
    role: 'agent',
    parts: [`Content of ${resource.url}:`, resource.content],
  }));
  for (const message of messages) {
    turns.push({ role: message.isAgent ? 'agent' : 'user', parts: renderMessageParts(message, formatTime) });
  }
  const last = messages.at(-1);
  if (last === undefined) turns.push({ role: 'user', parts: [EMPTY_HISTORY_NOTE] });
  else if (last.isAgent) turns.push({ role: 'user', parts: [AGENT_SPOKE_LAST_NOTE] });
  return turns;
}

export const TURN_CONTEXT_NOTE = `${SPECIAL_MARKER} Nobody in the chat wrote what follows: it is how things stand for this turn.`;

/**
 * The turns with this turn's context (the current time, why it is the agent's turn, and what
 * else holds for this turn only) closing the final user turn: after the history, so everything
 * before it repeats the previous turn's request and a provider can reuse it from its cache.
 */
export function withTurnContext(turns: readonly LlmTurn[], turnContext: string): LlmTurn[] {
  if (turnContext === '') return [...turns];
  // Marked as ours: it shares a turn with what people wrote, and must never pass for their words.
  const context = `${TURN_CONTEXT_NOTE}\n\n${turnContext}`;
  const last = turns.at(-1);
  if (last?.role !== 'user') return [...turns, { role: 'user', parts: [context] }];
  return [...turns.slice(0, -1), { role: 'user', parts: [...last.parts, context] }];
}
