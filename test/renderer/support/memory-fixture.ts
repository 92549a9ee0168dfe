import type { ConversationRef, PersonRef } from '../../../src/renderer/features/memory/model';
import { createMemoryStore, type MemoryStore } from '../../../src/renderer/features/memory/store';
import { agentConfig, FakeRuntime, runtimeState } from './fake-runtime';

export const MEMORY_AGENT = 'Juniper';

/**
 * A fake runtime with one agent and a Simulator chat with Ada Lovelace of six archived messages,
 * a memory store on its client, and Ada as a person and her chat as a conversation.
 */
export function memoryFixture(): {
  runtime: FakeRuntime;
  store: MemoryStore;
  ada: PersonRef;
  chat: ConversationRef;
} {
  const runtime = new FakeRuntime();
  runtime.agents = [
    { config: agentConfig({ configName: MEMORY_AGENT }), runtime: runtimeState(MEMORY_AGENT) },
  ];
  const sim = runtime.seedChat(MEMORY_AGENT, 'direct', [{ firstName: 'Ada', lastName: 'Lovelace' }]);
  runtime.seedHistory(MEMORY_AGENT, sim.info.channelId, 6);
  const channelId = sim.info.channelId;
  return {
    runtime,
    store: createMemoryStore(runtime.client),
    ada: { agent: MEMORY_AGENT, network: 'simulator', partnerId: channelId },
    chat: { agent: MEMORY_AGENT, network: 'simulator', channelId },
  };
}

/**
 * The agent learnt that Ada lives in London (from `sourceMessageIds`); the store loaded it, and
 * an operator corrected it to Paris. Returns the superseded fact.
 */
export async function londonCorrectedToParis(
  { runtime, store, ada }: ReturnType<typeof memoryFixture>,
  sourceMessageIds: number[] = [],
) {
  const london = runtime.memory.agentLearns(ada, {
    category: 'location',
    key: 'home_city',
    content: 'Lives in London.',
    sourceMessageIds,
  });
  await store.getState().actions.loadFacts(ada);
  await store
    .getState()
    .actions.putFact(ada, { supersedes: london.id, category: 'location', content: 'Lives in Paris.' });
  return london;
}
