import { describe, expect, it } from 'vitest';
import { historyFetchLimit, isConversationStart } from '../../../src/main/engine/turn/received-turn';
import type { ChatMsg } from '../../../src/shared/domain/conversation';
import { DEFAULT_ENGINE_SETTINGS } from '../../../src/shared/domain/settings';

describe('history size', () => {
  it('fetches more in direct chats than in groups by default', () => {
    expect(historyFetchLimit(DEFAULT_ENGINE_SETTINGS, false)).toBe(200);
    expect(historyFetchLimit(DEFAULT_ENGINE_SETTINGS, true)).toBe(150);
  });

  it('never fetches fewer messages than the model is shown', () => {
    const size = { historyFetchDirect: 20, historyFetchGroup: 10, historyShown: 60 };
    expect(historyFetchLimit(size, false)).toBe(60);
    expect(historyFetchLimit(size, true)).toBe(60);
  });
});

describe('conversation start', () => {
  const message = (isAgent: boolean) => ({ isAgent }) as ChatMsg;

  it('is a handful of messages, none from the agent', () => {
    expect(isConversationStart([])).toBe(true);
    expect(isConversationStart([message(false), message(false)])).toBe(true);
  });

  it('is over once the agent has spoken or the history is long', () => {
    expect(isConversationStart([message(false), message(true)])).toBe(false);
    expect(isConversationStart(Array.from({ length: 5 }, () => message(false)))).toBe(false);
  });
});
