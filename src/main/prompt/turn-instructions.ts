import { type PromptSection, promptSection } from './section';

/** What made this turn happen, as the engine knows it when the turn starts. */
export interface TurnContext {
  /** An instruction the agent left itself from another conversation (xsend), or null. */
  xsendIntent: string | null;
  /** Instructions of the agent's own scheduled events that came due, oldest first. */
  eventIntents?: readonly string[];
  /** What the agent planned last that was held back, and what to do instead; or null. */
  guidance?: { heldBack: readonly string[]; instruction: string } | null;
  /** No earlier exchange in this conversation: the partner just made contact. */
  newConversation: boolean;
  /** The newly received message the turn is for, when it is in the history shown. */
  targetMessageId: number | null;
  /** The agent's messages that received reactions since the last turn. */
  reactionMessageIds: readonly number[];
}

function quotedBlock(text: string): string {
  return text
    .trim()
    .split(/\r?\n/)
    .map((line) => (line === '' ? '>' : `> ${line}`))
    .join('\n');
}

function listOfIds(ids: readonly number[]): string {
  if (ids.length <= 1) return ids.join('');
  return `${ids.slice(0, -1).join(', ')} and ${ids.at(-1)}`;
}

/** Drafts the operator held back: the agent must know they were never seen, and what to do instead. */
function guidanceSection(guidance: NonNullable<TurnContext['guidance']>): string {
  const heldBack = guidance.heldBack.map(quotedBlock).join('\n\n');
  const lines = ['## A Correction'];
  if (heldBack !== '')
    lines.push(`What you planned to send last was held back; nobody here has seen it:\n\n${heldBack}`);
  lines.push(
    `Do this instead. It is for you alone; never mention it:\n\n${quotedBlock(guidance.instruction)}`,
  );
  return lines.join('\n\n');
}

/**
 * Why it is the agent's turn, written last in the request (the turn context, after the history), fresh in the model's attention.
 * "A note from yourself" (xsend) and "a reminder you set" (scheduled events) may both apply; "first
 * contact" only when neither does; "new
 * message", or else "reactions", may join either; "carrying on" stands alone when nothing else
 * applies. `substitute` fills {char}/{user} in our wording; the intent is inserted as the model wrote
 * it, never substituted.
 */
export function turnInstructionsSection(
  turn: TurnContext,
  substitute: (text: string) => string,
): PromptSection | null {
  const parts = ['# Your Turn\n\nWhat follows is about this turn only; everything above still applies.'];
  const intent = turn.xsendIntent?.trim() ?? '';
  if (intent !== '') {
    parts.push(
      '## A Note From Yourself\n\nYou woke yourself up in this conversation from another one, and left yourself this instruction. Nobody here has seen it:',
      quotedBlock(intent),
      'Begin with a `think` about how to carry it out here, then act on it.',
    );
  }
  const reminders = (turn.eventIntents ?? []).map((text) => text.trim()).filter((text) => text !== '');
  if (reminders.length > 0) {
    const plural = reminders.length > 1;
    parts.push(
      `## ${plural ? 'Reminders' : 'A Reminder'} You Set\n\nThe time you chose has come. You scheduled ${plural ? 'these instructions' : 'this instruction'} for yourself in this conversation; nobody here has seen ${plural ? 'them' : 'it'}:`,
      reminders.map(quotedBlock).join('\n\n'),
      `Begin with a \`think\` about how to carry ${plural ? 'them' : 'it'} out now, then act on ${plural ? 'them' : 'it'}.`,
    );
  }
  if (intent === '' && reminders.length === 0 && turn.newConversation) {
    parts.push(
      substitute(
        '## First Contact\n\nThis is the start of your conversation with {user}. If your instructions say how to begin a conversation, follow them now.',
      ),
    );
  }
  if (turn.guidance) parts.push(guidanceSection(turn.guidance));
  const reactions = [...new Set(turn.reactionMessageIds)];
  if (turn.targetMessageId !== null) {
    parts.push(
      `## New Message\n\nMessage ${turn.targetMessageId} has just arrived. Decide how to respond to it: a reply, a reaction, both, or nothing at all.`,
    );
  } else if (reactions.length === 1) {
    parts.push(
      `## A Reaction\n\nSomeone reacted to your message ${reactions[0]}. Respond only if a person in your place would.`,
    );
  } else if (reactions.length > 1) {
    parts.push(
      `## Reactions\n\nPeople reacted to your messages ${listOfIds(reactions)}. Respond only if a person in your place would.`,
    );
  }
  if (parts.length === 1) {
    parts.push(
      '## Carrying On\n\nNothing new has arrived since your last turn. Continue the conversation only if you have something worth saying; otherwise answer with a single `think`.',
    );
  }
  return promptSection('turn-instructions', 'This turn', parts.join('\n\n'), false);
}
