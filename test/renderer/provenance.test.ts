import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { ProvenanceBody } from '../../src/renderer/features/conversations/components/provenance/ProvenanceBody';
import { loggedTaskWords, recalledMemory } from '../../src/renderer/features/conversations/model';
import { conversationSelectors } from '../../src/renderer/features/conversations/selectors';
import type {
  ExchangeRecord,
  LoggedTask,
  MessageProvenance,
} from '../../src/shared/api/conversation-contract';
import { createConversationStores } from './support/conversation-stores';
import { agentConfig, FakeRuntime, runtimeState } from './support/fake-runtime';
import { renderConversationMarkup } from './support/render-conversation';
import { textOf } from './support/render-markup';

const AGENT = 'Juniper';

function record(id: number, overrides: Partial<ExchangeRecord> = {}): ExchangeRecord {
  return {
    id,
    taskId: `received-${id}`,
    truncated: false,
    at: new Date(Date.UTC(2025, 5, 1, 12, 0, id)).toISOString(),
    provider: 'gemini',
    model: 'gemini-2.5-flash',
    sections: [
      { id: 'persona', title: 'Persona', text: 'You are Juniper, a bookseller.', stable: true },
      { id: 'time', title: 'Current time', text: 'Sunday noon', stable: false },
    ],
    turns: [
      { role: 'agent', parts: ['Hello!'] },
      {
        role: 'user',
        parts: [
          'Pat: any Christies?',
          '<recalled_memory>\n<item kind="fact" date="March 3">Pat collects &lt;first editions&gt;</item>\n<item kind="message" date="May 1" from="you">I&apos;ll look out for them</item>\n</recalled_memory>',
        ],
      },
    ],
    rawReply: `{"tasks":[{"kind":"send","text":"Two, on the shelf ${id}"}]}`,
    inputTokens: 1200,
    outputTokens: 40,
    cachedTokens: 800,
    thinkingTokens: 96,
    costUsd: 0.0012,
    latencyMs: 900,
    error: null,
    ...overrides,
  };
}

function logged(
  id: string,
  kind: string,
  details: Record<string, unknown>,
  failure: string | null = null,
): LoggedTask {
  return { id, kind, at: '2025-06-01T12:00:05.000Z', origin: 'received-7', failure, details };
}

function setUp() {
  const runtime = new FakeRuntime();
  runtime.agents = [{ config: agentConfig({ configName: AGENT }), runtime: runtimeState(AGENT) }];
  const stores = createConversationStores(runtime.client);
  const chat = runtime.seedChat(AGENT, 'direct', [{ firstName: 'Pat' }]);
  const ref = { agent: AGENT, channelId: chat.info.channelId };
  return { runtime, stores, store: stores.simulator, ref };
}

describe('why the agent said it: reading an exchange', () => {
  it('reads the memories recall put in the final user turn, unescaped, with kind, date and author', () => {
    expect(recalledMemory(record(1))).toEqual([
      { kind: 'fact', date: 'March 3', from: null, text: 'Pat collects <first editions>' },
      { kind: 'message', date: 'May 1', from: 'you', text: "I'll look out for them" },
    ]);
    expect(recalledMemory({ turns: [{ role: 'user', parts: ['just a message'] }] })).toBeNull();
  });

  it('words the tasks a turn planned', () => {
    expect(loggedTaskWords(logged('s', 'send', { text: 'See you', messageId: 9 }))).toBe('send “See you”');
    expect(loggedTaskWords(logged('r', 'react', { emoji: '🎉', messageId: 4 }))).toBe('react 🎉 to #4');
    expect(loggedTaskWords(logged('k', 'sticker', { name: 'wave', stickerSet: 'Hi' }))).toBe('sticker wave');
    expect(loggedTaskWords(logged('w', 'block', {}))).toBe('block');
  });
});

describe('why the agent said it: the store and the drawer', () => {
  it('traces a message and a reaction through the API, each asked on its own', async () => {
    const { runtime, store, ref } = setUp();
    const traced: MessageProvenance = {
      task: logged('send-1', 'send', { text: 'Two, on the shelf 7', messageId: 12 }),
      exchange: record(7),
      planned: [
        logged('send-1', 'send', { text: 'Two, on the shelf 7' }),
        logged('react-1', 'react', { emoji: '👍', messageId: 11 }),
      ],
    };
    runtime.provenance.trace(ref, 12, traced);
    const { loadProvenance } = store.getState().actions;
    await loadProvenance(ref, { messageId: 12, reaction: false });
    await loadProvenance(ref, { messageId: 12, reaction: true });
    const read = (reaction: boolean) =>
      conversationSelectors.provenance(ref, { messageId: 12, reaction })(store.getState());
    expect(read(false)).toEqual({ status: 'ready', value: traced, error: null });
    expect(read(true).value).toEqual({ task: null, exchange: null, planned: [] });
    expect(runtime.callsOf('conversations.provenance')).toEqual([
      { agent: AGENT, network: 'simulator', channelId: ref.channelId, messageId: 12, reaction: false },
      { agent: AGENT, network: 'simulator', channelId: ref.channelId, messageId: 12, reaction: true },
    ]);
  });

  it('shows the task, what its turn planned, and the exchange: model, recall, sections, reply, cut-down mark', () => {
    const { stores } = setUp();
    const provenance: MessageProvenance = {
      task: logged('send-1', 'send', { text: 'Two, on the shelf 7' }),
      exchange: record(7, { truncated: true }),
      planned: [
        logged('send-1', 'send', { text: 'Two, on the shelf 7' }),
        logged('sticker-1', 'sticker', { name: 'wave' }, 'Sticker not found.'),
      ],
    };
    const text = textOf(
      renderConversationMarkup(
        stores,
        'simulator',
        createElement(ProvenanceBody, { provenance, what: 'message #12' }),
      ),
    );
    expect(text).toContain('send-1');
    expect(text).toContain('received-7');
    expect(text).toMatch(/send “Two, on the shelf 7” \(this one\)/);
    expect(text).toContain('sticker wave — Sticker not found.');
    expect(text).toContain('gemini-2.5-flash');
    expect(text).toContain('Recalled memories (2)');
    expect(text).toContain('Pat collects &lt;first editions&gt;');
    expect(text).toContain('Persona');
    expect(text).toContain('Current time');
    expect(text).toContain('Two, on the shelf 7');
    expect(text).toContain('Thinking 96');
    expect(text).toContain('Kept cut down');
  });

  it('says plainly when nothing kept traces a message, or when its exchange is gone', () => {
    const { stores } = setUp();
    const none = textOf(
      renderConversationMarkup(
        stores,
        'simulator',
        createElement(ProvenanceBody, {
          provenance: { task: null, exchange: null, planned: [] },
          what: 'message #3',
        }),
      ),
    );
    expect(none).toContain('No record of why');
    expect(none).toContain('Nothing kept traces message #3 to a turn of the agent');
    const gone = textOf(
      renderConversationMarkup(
        stores,
        'simulator',
        createElement(ProvenanceBody, {
          provenance: { task: logged('send-1', 'send', { text: 'old' }), exchange: null, planned: [] },
          what: 'message #3',
        }),
      ),
    );
    expect(gone).toContain('The exchange is no longer kept');
  });

  it('browses the kept exchanges newest first, a page at a time', async () => {
    const { runtime, store, ref } = setUp();
    runtime.provenance.keep(
      ref,
      Array.from({ length: 23 }, (_, index) => record(index + 1)),
    );
    const { loadExchanges, loadOlderExchanges } = store.getState().actions;
    const history = () => conversationSelectors.exchangeHistory(ref)(store.getState());
    await loadExchanges(ref);
    expect(history().value.map((r) => r.id)).toEqual([23, 22, 21, 20, 19, 18, 17, 16, 15, 14]);
    expect(history().hasMore).toBe(true);
    await loadOlderExchanges(ref);
    await loadOlderExchanges(ref);
    expect(history().value.map((r) => r.id)).toEqual(Array.from({ length: 23 }, (_, index) => 23 - index));
    expect(history().hasMore).toBe(false);
    expect(
      runtime.callsOf('conversations.exchanges').map((input) => (input as { beforeId?: number }).beforeId),
    ).toEqual([undefined, 14, 4]);
    // Asked again, the newest page replaces what was browsed.
    await loadExchanges(ref);
    expect(history().value).toHaveLength(10);
  });
});
