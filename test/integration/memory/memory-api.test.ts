import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConversationRuntimeHandle } from '../../../src/main/runtime/types';
import type { EventPayload } from '../../../src/shared/api';
import { callApi, startEngineRuntime, waitFor } from '../../support/engine-harness';
import { type FakeLlmServer, startFakeLlmServer } from '../../support/fake-llm-server';

describe('what agents remember, through the operator API', () => {
  let root: string;
  let llm: FakeLlmServer;
  let runtime: ConversationRuntimeHandle;
  const changes: EventPayload<'memory.changed'>[] = [];

  beforeEach(async () => {
    root = mkdtempSync(join(tmpdir(), 'troupe-memory-api-'));
    llm = await startFakeLlmServer();
    runtime = await startEngineRuntime({ root, geminiBaseUrl: llm.geminiBaseUrl });
    changes.length = 0;
    runtime.events.subscribe((name, payload) => {
      if (name === 'memory.changed') changes.push(payload as EventPayload<'memory.changed'>);
    });
  });

  afterEach(async () => {
    await runtime.close();
    await llm.close();
    rmSync(root, { recursive: true, force: true });
  });

  async function chatWithPat() {
    const created = await callApi(runtime, 'simulator.createChat', {
      agent: 'Ada',
      kind: 'direct',
      people: [{ firstName: 'Pat' }],
    });
    const channelId = (created.chat as { channelId: number }).channelId;
    const personId = (created.people as { id: number }[])[0]!.id;
    return { channelId, personId };
  }

  async function failure(method: string, input: unknown) {
    const outcome = await runtime.dispatch(method, input);
    if (outcome.ok) throw new Error(`${method} succeeded`);
    return outcome.error;
  }

  it('creates, rewrites and deletes entries, announcing each change, and names what is wrong with bad input', async () => {
    const { channelId } = await chatWithPat();
    const notes = { agent: 'Ada', network: 'simulator', scope: 'note', channelId };
    const { entry } = (await callApi(runtime, 'memory.putEntry', {
      list: notes,
      entry: { content: 'Pat prefers mornings.', created: '2026-02-01' },
    })) as { entry: { id: string } };
    expect(entry.id).toMatch(/^note-[0-9a-f]{8}$/);
    await callApi(runtime, 'memory.putEntry', {
      list: notes,
      entry: { id: entry.id, content: 'Pat prefers evenings.' },
    });
    expect(await callApi(runtime, 'memory.entries', notes)).toEqual({
      entries: [
        expect.objectContaining({ id: entry.id, content: 'Pat prefers evenings.', created: '2026-02-01' }),
      ],
    });
    expect(await callApi(runtime, 'memory.deleteEntry', { list: notes, id: entry.id })).toEqual({
      deleted: true,
    });
    expect(changes.filter((change) => change.what === 'entries')).toHaveLength(3);

    const missingChat = await failure('memory.entries', {
      agent: 'Ada',
      network: 'simulator',
      scope: 'plan',
    });
    expect(missingChat).toMatchObject({
      code: 'invalid_input',
      issues: [expect.objectContaining({ path: 'channelId' })],
    });
    const empty = await failure('memory.putEntry', { list: notes, entry: { content: '   ' } });
    expect(empty.issues).toEqual([
      expect.objectContaining({ message: expect.stringContaining('Write something') }),
    ]);
    expect(await failure('memory.entries', { ...notes, agent: 'Nobody' })).toMatchObject({
      code: 'not_found',
    });
  });

  it('tells the console when the agent itself writes a note or a fact in a turn', async () => {
    const chat = await chatWithPat();
    llm.replyWith({
      tasks: [
        { kind: 'note', content: 'Pat is planning a ferry trip.' },
        { kind: 'remember', category: 'location', key: 'home_city', content: 'Pat lives in Oban.' },
      ],
    });
    await callApi(runtime, 'simulator.send', {
      agent: 'Ada',
      channelId: chat.channelId,
      personId: chat.personId,
      text: 'I live in Oban',
    });
    await waitFor(() => changes.length >= 2, 'the memory changes');
    expect(changes).toEqual([
      { agent: 'Ada', network: 'simulator', what: 'entries', channelId: chat.channelId, partnerId: null },
      {
        agent: 'Ada',
        network: 'simulator',
        what: 'facts',
        channelId: chat.channelId,
        partnerId: chat.channelId,
      },
    ]);
  });

  it('keeps a fact’s history when the operator corrects it, and lists the people by name', async () => {
    const chat = await chatWithPat();
    await callApi(runtime, 'simulator.send', {
      agent: 'Ada',
      channelId: chat.channelId,
      personId: chat.personId,
      text: 'hi',
    });
    await waitFor(
      async () =>
        (
          await callApi(runtime, 'conversations.graph', {
            agent: 'Ada',
            network: 'simulator',
            channelId: chat.channelId,
          })
        ).graph === null,
      'the turn',
    );
    const owner = { agent: 'Ada', network: 'simulator', partnerId: chat.personId };
    const { fact } = (await callApi(runtime, 'memory.putFact', {
      ...owner,
      fact: { category: 'location', key: 'Home City', content: 'Pat lives in Berlin.' },
    })) as { fact: { id: string; key: string } };
    expect(fact.key).toBe('home_city');
    const corrected = (await callApi(runtime, 'memory.putFact', {
      ...owner,
      fact: { supersedes: fact.id, category: 'location', content: 'Pat lives in Munich.' },
    })) as { fact: { id: string; key: string } };
    expect(corrected.fact.key).toBe('home_city');
    const facts = (await callApi(runtime, 'memory.facts', owner)) as {
      current: { content: string }[];
      history: { id: string; supersededBy: string | null; writtenBy: string }[];
    };
    expect(facts.current.map((known) => known.content)).toEqual(['Pat lives in Munich.']);
    expect(facts.history).toEqual([
      expect.objectContaining({ id: fact.id, supersededBy: corrected.fact.id, writtenBy: 'operator' }),
      expect.objectContaining({ id: corrected.fact.id, supersededBy: null }),
    ]);
    expect(
      await failure('memory.putFact', {
        ...owner,
        fact: { supersedes: fact.id, category: 'location', content: 'again' },
      }),
    ).toMatchObject({
      code: 'not_found',
    });
    expect(await callApi(runtime, 'memory.people', { agent: 'Ada', network: 'simulator' })).toEqual({
      people: [{ partnerId: chat.personId, name: 'Pat', factCount: 1 }],
    });
    expect(await callApi(runtime, 'memory.retractFact', { ...owner, id: corrected.fact.id })).toEqual({
      retracted: true,
    });
    expect(
      changes.filter((change) => change.what === 'facts' && change.partnerId === chat.personId),
    ).toHaveLength(3);
  });

  it('summarizes a conversation now, lets the operator correct the summary, and recalls from the archive', async () => {
    const chat = await chatWithPat();
    const ref = { agent: 'Ada', network: 'simulator', channelId: chat.channelId };
    for (const text of [
      'The ferry to the island leaves at nine',
      'I will bring the blue umbrella',
      'see you at the harbour',
    ]) {
      await callApi(runtime, 'simulator.send', {
        agent: 'Ada',
        channelId: chat.channelId,
        personId: chat.personId,
        text,
      });
    }
    await waitFor(() => llm.requestCount > 0 && runtime.engines.simulator?.isIdle('Ada'), 'the turn');
    const ids = (
      (await callApi(runtime, 'conversations.messages', ref)).messages as { messageId: number }[]
    ).map((message) => message.messageId);
    // An answer with no summary in it is a call that wrote nothing, not "nothing to summarize".
    llm.replyWith({ tasks: [{ kind: 'think', text: 'Nothing worth keeping.' }] });
    expect(await callApi(runtime, 'memory.summarizeNow', ref)).toEqual({
      written: 0,
      consolidated: 0,
      modelCalls: 1,
    });
    llm.replyWith({
      tasks: [
        {
          kind: 'summarize',
          content: 'Pat planned a ferry trip to the island.',
          min_message_id: ids[0],
          max_message_id: ids.at(-1),
        },
      ],
    });
    expect(await callApi(runtime, 'memory.summarizeNow', ref)).toEqual({
      written: 1,
      consolidated: 0,
      modelCalls: 1,
    });
    const [summary] = (await callApi(runtime, 'memory.summaries', ref)).summaries as {
      id: string;
      maxMessageId: number;
    }[];
    expect(summary).toMatchObject({ maxMessageId: ids.at(-1), origin: 'summarizer' });

    await callApi(runtime, 'memory.putSummary', {
      conversation: ref,
      summary: {
        id: summary!.id,
        content: 'Pat planned a ferry trip at nine.',
        minMessageId: ids[0],
        maxMessageId: 999_999,
      },
    });
    expect(((await callApi(runtime, 'memory.summaries', ref)).summaries as unknown[])[0]).toMatchObject({
      content: 'Pat planned a ferry trip at nine.',
      maxMessageId: ids.at(-1),
    });
    const badRange = await failure('memory.putSummary', {
      conversation: ref,
      summary: { content: 'x', minMessageId: 900_000, maxMessageId: 900_010 },
    });
    expect(badRange).toMatchObject({
      code: 'invalid_input',
      message: expect.stringContaining('No archived message'),
    });

    const recalled = (await callApi(runtime, 'memory.recall', { ...ref, query: 'umbrella?' })) as {
      items: { kind: string; text: string; messageIds: number[] }[];
    };
    expect(recalled.items[0]).toMatchObject({
      kind: 'message',
      text: expect.stringContaining('blue umbrella'),
    });
  });
});
