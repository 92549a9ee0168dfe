import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../../src/renderer/api/errors';
import { conversationSelectors } from '../../src/renderer/features/conversations/selectors';
import type { TaskGraphView } from '../../src/shared/domain/tasks';
import { agentConfig, deferred, runtimeState, settle } from './support/fake-runtime';
import { AGENT, setUp, view } from './support/playground-fixture';

describe('playground store: graph, exchange and parameters', () => {
  it('keeps a live graph when a slower load made before it answers later', async () => {
    const { runtime, store } = setUp();
    const channelId = runtime.seedChat(AGENT, 'direct', [{ firstName: 'Ada' }]).info.channelId;
    const held = deferred<{ graph: TaskGraphView | null }>();
    runtime.handle('conversations.graph', () => held.promise);
    store.getState().actions.openChat({ agent: AGENT, channelId });
    await settle();

    const live: TaskGraphView = {
      id: 'g2',
      agent: AGENT,
      channelId,
      createdAt: '2025-06-01T12:00:00.000Z',
      nodes: [],
    };
    runtime.emit('conversation.graphChanged', { agent: AGENT, network: 'simulator', channelId, graph: live });
    held.resolve({ graph: null });
    await settle();

    expect(view(store, channelId).graph).toMatchObject({ status: 'ready', value: { id: 'g2' } });
  });

  it('saves parameter overrides and returns to the agent default', async () => {
    const { runtime, store } = setUp();
    runtime.agents = [
      {
        config: agentConfig({ configName: AGENT, llm: 'gemini-2.5-pro', gagged: true }),
        runtime: runtimeState(AGENT),
      },
    ];
    const channelId = runtime.seedChat(AGENT, 'group', [{ firstName: 'Bo' }, { firstName: 'Cy' }]).info
      .channelId;
    const ref = { agent: AGENT, channelId };
    store.getState().actions.openChat(ref);
    await settle();
    expect(view(store, channelId).parameters.value).toMatchObject({
      effectiveLlm: 'gemini-2.5-pro',
      gagged: true,
    });

    await store.getState().actions.updateParameters(ref, {
      llmOverride: 'grok-4',
      gaggedOverride: false,
      replyPolicy: 'every-message',
    });
    expect(view(store, channelId).parameters.value).toEqual({
      llmOverride: 'grok-4',
      effectiveLlm: 'grok-4',
      gaggedOverride: false,
      gagged: false,
      replyPolicy: 'every-message',
      paused: false,
      operatorOnly: false,
      approvalOverride: null,
      approval: false,
    });

    await store.getState().actions.updateParameters(ref, { llmOverride: null, gaggedOverride: null });
    expect(view(store, channelId).parameters.value).toMatchObject({
      effectiveLlm: 'gemini-2.5-pro',
      gagged: true,
    });

    const error = await store
      .getState()
      .actions.updateParameters(ref, { llmOverride: '   ' })
      .catch((caught: unknown) => caught);
    expect(fieldErrors(error).llmOverride).toBeDefined();
    expect(view(store, channelId).parameters).toMatchObject({
      saving: false,
      value: { effectiveLlm: 'gemini-2.5-pro' },
    });
  });

  it('signals typing as the composer person at most every few seconds', async () => {
    let now = 0;
    const { runtime, store } = setUp({ now: () => now });
    const chat = runtime.seedChat(AGENT, 'group', [{ firstName: 'Bo' }, { firstName: 'Cy' }]);
    const ref = { agent: AGENT, channelId: chat.info.channelId };
    store.getState().actions.openChat(ref);
    await settle();

    for (const at of [0, 1000, 3999, 4000, 5000]) {
      now = at;
      store.getState().actions.signalTyping(ref);
    }
    store.getState().actions.setComposerPerson(ref, chat.people[1]!.id);
    now = 5500;
    store.getState().actions.signalTyping(ref);
    await settle();

    expect(runtime.callsOf('simulator.type')).toEqual([
      { agent: AGENT, channelId: ref.channelId, personId: chat.people[0]!.id },
      { agent: AGENT, channelId: ref.channelId, personId: chat.people[0]!.id },
      { agent: AGENT, channelId: ref.channelId, personId: chat.people[1]!.id },
    ]);
  });

  it('loads the stickers a person can send once per agent', async () => {
    const { runtime, store } = setUp();
    await store.getState().actions.loadStickers(AGENT);
    expect(
      conversationSelectors
        .stickers(AGENT)(store.getState())
        .value.map((sticker) => sticker.name),
    ).toEqual(['😀', '🍯']);
    expect(runtime.callsOf('simulator.stickers')).toHaveLength(1);
  });

  it('sends a sticker as a media message with its description', async () => {
    const { runtime, store } = setUp();
    runtime.agentReply = () => null;
    const channelId = runtime.seedChat(AGENT, 'direct', [{ firstName: 'Ada' }]).info.channelId;
    const ref = { agent: AGENT, channelId };
    store.getState().actions.openChat(ref);
    await settle();

    await store.getState().actions.sendSticker(ref, runtime.stickers[1]!);

    const { window } = view(store, channelId).timeline;
    expect(window.byId[window.ids[0]!]?.parts).toMatchObject([
      { kind: 'media', mediaKind: 'sticker', stickerName: '🍯', description: 'Pooh hugging a honey pot' },
    ]);
  });
});
