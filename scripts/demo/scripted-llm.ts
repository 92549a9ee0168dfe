import { SPECIAL_MARKER } from '../../src/main/conversation/message-parts';
import {
  type FakeLlmServer,
  type FakeReply,
  type RecordedLlmRequest,
  startFakeLlmServer,
} from '../../test/support/fake-llm-server';
import { DEMO_GROUP, DEMO_PERSONAS, type DemoLine } from './personas';

/**
 * The demo's model when no API key is given: a local Gemini-compatible endpoint that answers a
 * turn whose newest message is a scripted line of the demo's people (in their own chats or the
 * group) with the tasks scripted for it (personas.ts), any other message with a friendly holding
 * reply, and a turn after Juniper's own message with a thought. Translations come back as written;
 * a file to describe gets a description saying the scripted model cannot look at it, and a turn
 * after the operator rejected a draft a thought saying it cannot follow the instruction.
 * Memory passes (facts, session topics) are told nothing new was said, which is true: the
 * scripted turns keep their facts themselves with `remember` tasks; a reflection writes the
 * person's scripted profile.
 */

/** Headings that open the memory passes' instructions (configdir/prompts/Instructions-*.md). */
const NOTHING_NEW_FOR = ['# Keeping Facts About People', '# Remembering A Conversation'];

const REFLECTION_HEADING = '# Nightly Reflection';

const NOTHING_NEW: FakeReply = { tasks: [{ kind: 'think', text: 'Nothing new to answer.' }] };

const UNSCRIPTED_REPLY: FakeReply = {
  tasks: [
    {
      kind: 'send',
      text: 'Ha, you’ve caught me mid-shelving! Give me a minute and I’ll be right with you.',
    },
  ],
};

export function startScriptedLlm(): Promise<FakeLlmServer> {
  return startFakeLlmServer({ respond: scriptedReply, recordRequests: false });
}

export function scriptedReply(request: RecordedLlmRequest): FakeReply {
  if (request.media.length > 0) return mediaDescription(request.media[0]!.mimeType);
  if (NOTHING_NEW_FOR.some((heading) => request.systemText.includes(heading))) return '[]';
  if (request.systemText.includes(REFLECTION_HEADING)) return reflection(request.systemText);
  const turns = turnsOf(request);
  const translation = translationAnswer(turns);
  if (translation !== null) return translation;
  const correction = operatorCorrection(turns);
  if (correction !== null) return correction;
  const newest = newestMessage(turns);
  // Juniper spoke last (the turn came from a reaction, an event): nothing more to say.
  if (newest === null || newest.role === 'model') return NOTHING_NEW;
  const line = scriptedLineIn(newest.text);
  return line ? { tasks: [...line.reply] } : UNSCRIPTED_REPLY;
}

/**
 * A translation request (its one turn a JSON list of messages) answered with the texts as they
 * are: the demo's people write in English, and a scripted model cannot translate.
 */
function translationAnswer(turns: readonly Turn[]): string | null {
  if (turns.length !== 1) return null;
  try {
    const { messages } = JSON.parse(turns[0]!.text) as { messages?: { id: number; text: string }[] };
    if (!Array.isArray(messages)) return null;
    return JSON.stringify({ translations: messages.map(({ id, text }) => ({ id, text })) });
  } catch {
    return null;
  }
}

/**
 * What a file is said to show: the scripted model cannot look at it, and the description says so
 * (imported stickers and the files people send are described honestly, not with a chat reply).
 */
function mediaDescription(mimeType: string): string {
  const what = mimeType.startsWith('audio/') ? 'listen to recordings' : 'look at pictures or videos';
  return `(The demo's scripted model cannot ${what}. With an API key in Settings, Describe again asks a real model.)`;
}

/** Where the turn context gives the operator's instruction after a rejected draft. */
const CORRECTION_HEADING = '## A Correction';
const CORRECTION_INSTRUCTION = /never mention it:\n\n((?:>.*(?:\n|$))+)/;

/**
 * A turn after the operator rejected a draft with an instruction: a scripted model cannot write
 * what was asked, so it sends nothing and says so in a thought, which the plan shows, instead of
 * proposing the rejected draft again.
 */
function operatorCorrection(turns: readonly Turn[]): FakeReply | null {
  const context = turns.at(-1)?.text ?? '';
  if (!context.includes(CORRECTION_HEADING)) return null;
  const quoted = CORRECTION_INSTRUCTION.exec(context)?.[1] ?? '';
  const instruction = quoted
    .split('\n')
    .map((line) => line.replace(/^> ?/, ''))
    .join(' ')
    .trim();
  return {
    tasks: [
      {
        kind: 'think',
        text: `The operator held my draft back with an instruction, “${instruction}”, which a scripted model cannot carry out: I send nothing.`,
      },
    ],
  };
}

/** The reflection's answer: the profile written for the person it is about, nothing else new. */
function reflection(systemText: string): string {
  const persona = DEMO_PERSONAS.find(({ firstName, lastName }) =>
    systemText.includes(`${firstName} ${lastName}`),
  );
  const profile = persona?.profile ?? '## Who they are\nSomeone who wrote to the shop.';
  return JSON.stringify({ profile, facts: [], intentions: [] });
}

/** The newest turn that is someone's message: the notes the runtime closes a request with are marked as its own. */
function newestMessage(turns: readonly Turn[]): Turn | null {
  return turns.findLast((turn) => !turn.text.startsWith(SPECIAL_MARKER)) ?? null;
}

/** The scripted line a message says, if it says one. */
function scriptedLineIn(text: string): DemoLine | null {
  const lines = [...DEMO_PERSONAS.flatMap((persona) => persona.lines), ...DEMO_GROUP.lines];
  return lines.find((line) => text.includes(line.says)) ?? null;
}

interface Turn {
  role: 'user' | 'model';
  text: string;
}

/** The request's turns (history, the newest messages and the closing notes), without the system prompt. */
function turnsOf(request: RecordedLlmRequest): Turn[] {
  const body = request.body as {
    contents?: { role?: string; parts?: { text?: string }[] }[];
    messages?: { role?: string; content?: string | { text?: string }[] }[];
  };
  if (request.wire === 'gemini') {
    return (body.contents ?? []).map((content) => ({
      role: content.role === 'model' ? 'model' : 'user',
      text: (content.parts ?? []).map((part) => part.text ?? '').join('\n'),
    }));
  }
  return (body.messages ?? [])
    .filter((message) => message.role !== 'system' && message.role !== 'developer')
    .map(({ role, content }) => ({
      role: role === 'assistant' ? 'model' : 'user',
      text: typeof content === 'string' ? content : (content ?? []).map((part) => part.text ?? '').join(''),
    }));
}
