import { describe, expect, it } from 'vitest';
import { toGeminiContents } from '../../../src/main/llm/gemini-provider';
import { toChatMessages } from '../../../src/main/llm/openai-compatible-provider';
import type { LlmTurn } from '../../../src/main/llm/provider';
import {
  AGENT_LAST_TURN_TEXT,
  EMPTY_HISTORY_TURN_TEXT,
  turnsEndingOnUser,
} from '../../../src/main/llm/turns';

describe('turnsEndingOnUser', () => {
  it('adds a user turn when the history is empty', () => {
    expect(turnsEndingOnUser([])).toEqual([{ role: 'user', parts: [EMPTY_HISTORY_TURN_TEXT] }]);
  });

  it('adds a user turn when the history ends on the agent', () => {
    const turns: LlmTurn[] = [
      { role: 'user', parts: ['hi'] },
      { role: 'agent', parts: ['hello'] },
    ];
    expect(turnsEndingOnUser(turns)).toEqual([...turns, { role: 'user', parts: [AGENT_LAST_TURN_TEXT] }]);
  });

  it('leaves a history that ends on the user as it is, so the rule is idempotent', () => {
    const turns: LlmTurn[] = [
      { role: 'agent', parts: ['hello'] },
      { role: 'user', parts: ['hi'] },
    ];
    expect(turnsEndingOnUser(turns)).toEqual(turns);
    expect(turnsEndingOnUser(turnsEndingOnUser([{ role: 'agent', parts: ['x'] }]))).toEqual(
      turnsEndingOnUser([{ role: 'agent', parts: ['x'] }]),
    );
  });

  it('drops empty parts and turns left empty before deciding', () => {
    expect(
      turnsEndingOnUser([
        { role: 'agent', parts: ['hello', ''] },
        { role: 'user', parts: ['  '] },
      ]),
    ).toEqual([
      { role: 'agent', parts: ['hello'] },
      { role: 'user', parts: [AGENT_LAST_TURN_TEXT] },
    ]);
  });
});

describe('Gemini contents', () => {
  it('uses only user and model roles, one text part per rendered part', () => {
    expect(
      toGeminiContents([
        { role: 'user', parts: ['⟦metadata⟧ sender="Ann"', 'hi'] },
        { role: 'agent', parts: ['hello'] },
        { role: 'user', parts: ['bye'] },
      ]),
    ).toEqual([
      { role: 'user', parts: [{ text: '⟦metadata⟧ sender="Ann"' }, { text: 'hi' }] },
      { role: 'model', parts: [{ text: 'hello' }] },
      { role: 'user', parts: [{ text: 'bye' }] },
    ]);
  });

  it('ends an empty history on a user turn', () => {
    expect(toGeminiContents([])).toEqual([{ role: 'user', parts: [{ text: EMPTY_HISTORY_TURN_TEXT }] }]);
  });
});

describe('chat messages for OpenAI-compatible providers', () => {
  it('starts with the system prompt, maps the agent to assistant and joins parts with newlines', () => {
    expect(
      toChatMessages('Be Cindy.', [
        { role: 'user', parts: ['⟦metadata⟧ sender="Ann"', 'hi'] },
        { role: 'agent', parts: ['hello', 'again'] },
      ]),
    ).toEqual([
      { role: 'system', content: 'Be Cindy.' },
      { role: 'user', content: '⟦metadata⟧ sender="Ann"\nhi' },
      { role: 'assistant', content: 'hello\nagain' },
      { role: 'user', content: AGENT_LAST_TURN_TEXT },
    ]);
  });
});
