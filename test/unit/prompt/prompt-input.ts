import type { SystemPromptInput } from '../../../src/main/prompt/build-system-prompt';
import type { ChatInfo } from '../../../src/shared/domain/conversation';
import type { MemoryEntry } from '../../../src/shared/domain/memory';
import { agentConfig } from '../../support/agent-config';

export function directChat(overrides: Partial<ChatInfo> = {}): ChatInfo {
  return {
    channelId: 9002,
    kind: 'direct',
    title: 'Priya Shah',
    username: 'pri',
    participantCount: null,
    description: null,
    partner: {
      id: 9002,
      firstName: 'Priya',
      lastName: 'Shah',
      username: 'pri',
      bio: 'Nursing student. Tea over coffee.',
      phone: null,
      birthday: '1999-04-02',
    },
    ...overrides,
  };
}

export function groupChat(overrides: Partial<ChatInfo> = {}): ChatInfo {
  return {
    channelId: -100123,
    kind: 'group',
    title: 'Thursday Readers',
    username: null,
    participantCount: 14,
    description: 'The reading group of Hale & Hearth.',
    partner: null,
    ...overrides,
  };
}

export function entry(id: string, content: string, overrides: Partial<MemoryEntry> = {}): MemoryEntry {
  return {
    id,
    content,
    created: '2026-01-10',
    creationChannelId: null,
    creationChannelName: null,
    ...overrides,
  };
}

/** A direct chat with Priya on a turn where message 5121 just arrived; nothing stored yet. */
export function promptInput(overrides: Partial<SystemPromptInput> = {}): SystemPromptInput {
  return {
    agent: agentConfig({ configName: 'Juniper', name: 'Juniper', instructions: 'I run a bookshop, {user}.' }),
    agentId: 7001,
    chat: directChat(),
    instructions: '<!-- SCHEMA_TASKS: send, react, think -->\n\n# How You Reply\n\nYou are {char}.',
    rolePrompts: [],
    stickers: [],
    media: [],
    memories: [],
    intentions: [],
    notes: [],
    plans: [],
    people: [],
    summaries: [],
    now: new Date('2026-01-15T13:30:00Z'),
    timeZone: 'Europe/Dublin',
    turn: { xsendIntent: null, newConversation: false, targetMessageId: 5121, reactionMessageIds: [] },
    ...overrides,
  };
}
