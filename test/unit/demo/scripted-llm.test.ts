import { describe, expect, it } from 'vitest';
import { DEMO_PERSONAS } from '../../../scripts/demo/personas';
import { scriptedReply } from '../../../scripts/demo/scripted-llm';
import { demoAgentFile } from '../../../scripts/demo/workspace';
import { AGENT_SPOKE_LAST_NOTE, TURN_CONTEXT_NOTE } from '../../../src/main/conversation/render';
import { turnInstructionsSection } from '../../../src/main/prompt/turn-instructions';
import type { RecordedLlmRequest } from '../../support/fake-llm-server';

const [ada, tomas] = DEMO_PERSONAS;

function geminiTurn(systemText: string, ...turns: string[]): RecordedLlmRequest {
  return {
    wire: 'gemini',
    method: 'POST',
    url: '/v1beta/models/gemini-3-flash-preview:generateContent',
    model: 'gemini-3-flash-preview',
    headers: {},
    apiKey: 'demo',
    body: {
      contents: turns.map((text, index) => ({ role: index % 2 ? 'model' : 'user', parts: [{ text }] })),
    },
    systemText,
    media: [],
  };
}

/** The text of a line's `send` tasks, as Juniper's turn shows it. */
const sent = (line: { reply: readonly { kind: string; text?: string }[] }) =>
  line.reply.flatMap((task) => (task.kind === 'send' ? [task.text] : [])).join('\n');
/** How the runtime closes a request: this turn's context, marked as its own. */
const context = `${TURN_CONTEXT_NOTE}\n\nIt is Tuesday, 10:02.`;

describe('the demo’s scripted model', () => {
  it('answers a scripted line with the tasks written for it', () => {
    const first = ada!.lines[0]!;
    const second = ada!.lines[1]!;
    const history = `Ada Byrne (101): ${first.says}`;
    expect(scriptedReply(geminiTurn('# Instructions', `${history}\n${context}`))).toEqual({
      tasks: first.reply,
    });
    expect(
      scriptedReply(
        geminiTurn('# Instructions', history, sent(first), `Ada Byrne (101): ${second.says}\n${context}`),
      ),
    ).toEqual({ tasks: second.reply });
  });

  it('thinks instead of writing again when Juniper spoke last (a reaction, an event)', () => {
    const line = tomas!.lines[1]!;
    expect(
      scriptedReply(
        geminiTurn('# Instructions', line.says, `${sent(line)}\n👍 Tomás`, AGENT_SPOKE_LAST_NOTE),
      ),
    ).toEqual({ tasks: [{ kind: 'think', text: 'Nothing new to answer.' }] });
  });

  it('holds a message it has no script for with a friendly reply, after the script too', () => {
    const unscripted = scriptedReply(geminiTurn('# Instructions', 'What is the weather like in Galway?'));
    expect(unscripted).toMatchObject({ tasks: [{ kind: 'send' }] });
    const line = ada!.lines.at(-1)!;
    const afterTheScript = scriptedReply(
      geminiTurn('# Instructions', line.says, sent(line), `Ada Byrne (101): Hello!\n${context}`),
    );
    expect(afterTheScript).toEqual(unscripted);
  });

  it('answers a translation with the texts as they are', () => {
    const request = geminiTurn(
      'Translate the text of every message you are given into English.',
      JSON.stringify({ messages: [{ id: 3, text: 'Grand, see you Saturday.' }] }),
    );
    expect(JSON.parse(scriptedReply(request) as string)).toEqual({
      translations: [{ id: 3, text: 'Grand, see you Saturday.' }],
    });
  });

  it('tells the memory passes nothing new was said, as their instructions ask', () => {
    for (const heading of ['# Keeping Facts About People', '# Remembering A Conversation']) {
      expect(scriptedReply(geminiTurn(`${heading}\n\nYou are Juniper.`, ada!.lines[0]!.says))).toBe('[]');
    }
  });

  it('writes the scripted profile of the person a reflection is about', () => {
    const system =
      '# Nightly Reflection\n\nYou are Juniper. You think back over today’s messages with Tomás Ó Briain.';
    expect(JSON.parse(scriptedReply(geminiTurn(system, tomas!.lines[0]!.says)) as string)).toEqual({
      profile: tomas!.profile,
      facts: [],
      intentions: [],
    });
  });

  it('thinks instead of proposing a rejected draft again, naming what the operator asked', () => {
    const first = ada!.lines[0]!;
    const correction = turnInstructionsSection(
      {
        xsendIntent: null,
        newConversation: false,
        targetMessageId: null,
        reactionMessageIds: [],
        guidance: { heldBack: [sent(first)], instruction: 'Ask which day suits her.\nKeep it short.' },
      },
      (text) => text,
    )!.text;
    const request = geminiTurn(
      '# Instructions',
      `Ada Byrne (101): ${first.says}\n${TURN_CONTEXT_NOTE}\n\n${correction}`,
    );
    expect(scriptedReply(request)).toEqual({
      tasks: [
        {
          kind: 'think',
          text: 'The operator held my draft back with an instruction, “Ask which day suits her. Keep it short.”, which a scripted model cannot carry out: I send nothing.',
        },
      ],
    });
  });

  it('describes a file as one it cannot look at, never with a chat reply', () => {
    const withFile = (mimeType: string): RecordedLlmRequest => ({
      ...geminiTurn('# Describing An Image', 'A sticker standing for 😹'),
      media: [{ mimeType, byteLength: 10, sha256: 'x' }],
    });
    expect(scriptedReply(withFile('image/webp'))).toBe(
      "(The demo's scripted model cannot look at pictures or videos. With an API key in Settings, Describe again asks a real model.)",
    );
    expect(scriptedReply(withFile('audio/ogg'))).toMatch(/cannot listen to recordings/);
  });
});

describe('the demo agent’s file', () => {
  const sample =
    '# Agent Name\n\nJuniper\n\n# Start Typing Delay\n\n3\n\n# Typing Speed\n\n7\n\n# Disabled\n';

  it('goes live and types quickly enough to watch', () => {
    expect(demoAgentFile(sample, 'scripted')).toBe(
      '# Agent Name\n\nJuniper\n\n# Start Typing Delay\n\n1\n\n# Typing Speed\n\n30\n\n',
    );
  });

  it('thinks with OpenAI when only an OpenAI key is given', () => {
    expect(demoAgentFile(sample, 'openai')).toMatch(/# Typing Speed\n\n30\n\n# LLM\n\nopenai\n$/);
    expect(demoAgentFile(sample, 'gemini')).not.toContain('# LLM');
  });
});
