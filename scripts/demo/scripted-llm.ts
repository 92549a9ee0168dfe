import {
  type FakeLlmServer,
  type FakeReply,
  type RecordedLlmRequest,
  startFakeLlmServer,
} from '../../test/support/fake-llm-server';
import { DEMO_GROUP, DEMO_PERSONAS, type DemoLine } from './personas';

/**
 * The demo's model when no API key is given: a local Gemini-compatible endpoint that answers a
 * turn with the tasks scripted for the newest line of the demo's people (in their own chats or
 * the group) it finds in the conversation (personas.ts), and anything else with a friendly
 * holding reply. Memory passes (facts, session topics) are told nothing new was said, which is true: the scripted turns keep
 * their facts themselves with `remember` tasks; a reflection writes the person's scripted profile.
 */

/** Headings that open the memory passes' instructions (configdir/prompts/Instructions-*.md). */
const NOTHING_NEW_FOR = ['# Keeping Facts About People', '# Remembering A Conversation'];

const REFLECTION_HEADING = '# Nightly Reflection';

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
  if (NOTHING_NEW_FOR.some((heading) => request.systemText.includes(heading))) return '[]';
  if (request.systemText.includes(REFLECTION_HEADING)) return reflection(request.systemText);
  const conversation = conversationText(request);
  const newest = newestLine(conversation);
  if (!newest) return UNSCRIPTED_REPLY;
  // The line was answered already (a turn started by something else): nothing more to say.
  const answered = newest.line.reply.some(
    (task) => task.kind === 'send' && conversation.indexOf(task.text, newest.at) !== -1,
  );
  return answered
    ? { tasks: [{ kind: 'think', text: 'Nothing new to answer.' }] }
    : { tasks: [...newest.line.reply] };
}

/** The reflection's answer: the profile written for the person it is about, nothing else new. */
function reflection(systemText: string): string {
  const persona = DEMO_PERSONAS.find(({ firstName, lastName }) =>
    systemText.includes(`${firstName} ${lastName}`),
  );
  const profile = persona?.profile ?? '## Who they are\nSomeone who wrote to the shop.';
  return JSON.stringify({ profile, facts: [], intentions: [] });
}

/** The scripted line that appears last in the conversation, and where. */
function newestLine(conversation: string): { line: DemoLine; at: number } | null {
  let newest: { line: DemoLine; at: number } | null = null;
  for (const line of [...DEMO_PERSONAS.flatMap((persona) => persona.lines), ...DEMO_GROUP.lines]) {
    const at = conversation.lastIndexOf(line.says);
    if (at !== -1 && (newest === null || at > newest.at)) newest = { line, at };
  }
  return newest;
}

/** The turns' text as sent (history and the newest messages), without the system prompt. */
function conversationText(request: RecordedLlmRequest): string {
  const body = request.body as {
    contents?: { parts?: { text?: string }[] }[];
    messages?: { role?: string; content?: string | { text?: string }[] }[];
  };
  if (request.wire === 'gemini') {
    return (body.contents ?? [])
      .flatMap((content) => content.parts ?? [])
      .map((part) => part.text ?? '')
      .join('\n');
  }
  return (body.messages ?? [])
    .filter((message) => message.role !== 'system' && message.role !== 'developer')
    .map(({ content }) =>
      typeof content === 'string' ? content : (content ?? []).map((part) => part.text ?? '').join(''),
    )
    .join('\n');
}
