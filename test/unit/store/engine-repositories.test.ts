import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createNode, TaskGraph, type TaskNode } from '../../../src/main/engine/graph/task-graph';
import { createLogger } from '../../../src/main/logging';
import { EngineGraphRepository, openStore, type Store } from '../../../src/main/store';
import { withRawDatabase } from '../../support/raw-database';

const NOW = new Date('2026-03-02T10:00:00Z');
const CONVERSATION = { agent: 'Ada', network: 'simulator' as const, channelId: 9_000_000_001 };

/** A direct chat's graph holding `nodes`. */
function graphOf(nodes: TaskNode[]): TaskGraph {
  return new TaskGraph({
    id: 'recv-1',
    conversation: CONVERSATION,
    context: { isGroup: false, channelName: 'Pat' },
    createdAt: NOW.toISOString(),
    nodes,
  });
}

describe('engine repositories', () => {
  let store: Store;
  let dir: string;
  let file: string;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'troupe-repositories-'));
    file = join(dir, 'troupe.db');
    store = openStore({ file, logger: createLogger({ level: 'silent' }) });
  });

  afterEach(() => {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stores a graph whole and reads it back in order, replacing nodes the graph no longer has', () => {
    const graph = graphOf([]);
    graph.add(createNode({ id: 'received-1', kind: 'received', params: { messageId: 3 } }, NOW));
    graph.add(
      createNode({ id: 'send-1', kind: 'send', params: { text: 'hi' }, dependsOn: ['received-1'] }, NOW),
    );
    store.transaction(() => store.taskGraphs.save(graph));
    expect(store.taskGraphs.get(CONVERSATION)).toEqual(graph);

    graph.nodes.shift();
    store.taskGraphs.save(graph);
    expect(store.taskGraphs.get(CONVERSATION)!.nodes.map((node) => node.id)).toEqual(['send-1']);
    expect(store.taskGraphs.list('simulator')).toHaveLength(1);
    expect(store.taskGraphs.list('telegram')).toHaveLength(0);
    expect(store.taskGraphs.delete(CONVERSATION)).toBe(true);
    expect(store.taskGraphs.get(CONVERSATION)).toBeNull();
  });

  it('writes whatever changed in a graph saved before, even a change made in place', () => {
    const graph = graphOf([
      createNode({ id: 'received-1', kind: 'received', params: { messageIds: [3] } }, NOW),
      createNode({ id: 'send-1', kind: 'send', params: { text: 'hi' } }, NOW),
    ]);
    store.transaction(() => store.taskGraphs.save(graph));

    (graph.nodes[0]!.params.messageIds as number[]).push(4);
    graph.nodes[1]!.status = 'active';
    graph.nodes[1]!.lastError = 'slow';
    graph.nodes.reverse();
    graph.context.channelName = 'Pat B.';
    store.transaction(() => store.taskGraphs.save(graph));

    expect(store.taskGraphs.get(CONVERSATION)).toEqual(graph);
  });

  it('leaves the rows of a graph saved before alone when they did not change', () => {
    const graph = graphOf([
      createNode({ id: 'received-1', kind: 'received' }, NOW),
      createNode({ id: 'send-1', kind: 'send', params: { text: 'hi' } }, NOW),
    ]);
    store.transaction(() => store.taskGraphs.save(graph));
    // Marked behind the repository's back: only a write of that row would undo it.
    withRawDatabase(file, (db) => {
      db.prepare("UPDATE task_nodes SET last_error = 'marked' WHERE id IN ('received-1', 'send-1')").run();
    });

    graph.nodes[1]!.status = 'active';
    store.transaction(() => store.taskGraphs.save(graph));

    const saved = store.taskGraphs.get(CONVERSATION)!.nodes;
    expect(saved.map((node) => [node.id, node.status, node.lastError])).toEqual([
      ['received-1', 'pending', 'marked'],
      ['send-1', 'active', null],
    ]);
  });

  it('writes a graph again after the transaction that saved it rolled back', () => {
    const graph = graphOf([createNode({ id: 'received-1', kind: 'received' }, NOW)]);
    expect(() =>
      store.transaction(() => {
        store.taskGraphs.save(graph);
        throw new Error('something after the save failed');
      }),
    ).toThrow('something after the save failed');
    expect(store.taskGraphs.get(CONVERSATION)).toBeNull();

    store.transaction(() => store.taskGraphs.save(graph));
    expect(store.taskGraphs.get(CONVERSATION)).toEqual(graph);
  });

  it('drops node rows an earlier process wrote that the graph no longer has', () => {
    const graph = graphOf([
      createNode({ id: 'received-1', kind: 'received' }, NOW),
      createNode({ id: 'send-1', kind: 'send', params: { text: 'hi' } }, NOW),
    ]);
    store.transaction(() => store.taskGraphs.save(graph));
    // Another process: its repository has written nothing yet.
    withRawDatabase(file, (db) => {
      const restarted = new EngineGraphRepository(db);
      const loaded = restarted.get(CONVERSATION)!;
      loaded.nodes.pop();
      restarted.save(loaded);
      expect(restarted.get(CONVERSATION)!.nodes.map((node) => node.id)).toEqual(['received-1']);
    });
    expect(store.taskGraphs.get(CONVERSATION)!.nodes.map((node) => node.id)).toEqual(['received-1']);
  });

  it('journals a send before it goes out and records the message after', () => {
    const begun = store.outboundSends.begin(CONVERSATION, {
      taskId: 'send-1',
      kind: 'text',
      idempotencyKey: 'k-1',
      at: NOW,
    });
    expect(begun).toMatchObject({ idempotencyKey: 'k-1', messageId: null });
    store.outboundSends.complete('k-1', 17, NOW);
    expect(store.outboundSends.find(CONVERSATION, 'send-1')).toMatchObject({ messageId: 17 });
    expect(store.outboundSends.deleteConversation(CONVERSATION)).toBe(1);
    expect(store.outboundSends.find(CONVERSATION, 'send-1')).toBeNull();
  });

  it('keeps an updated memory entry in its place and deletes by id', () => {
    const owner = { agent: 'Ada', network: 'simulator' as const, scope: 'memory' as const };
    const entry = (id: string, content: string) => ({
      id,
      content,
      created: '2026-03-02',
      creationChannelId: 1,
      creationChannelName: 'Pat',
    });
    expect(store.memoryEntries.put(owner, entry('a', 'first'), NOW)).toBe('created');
    store.memoryEntries.put(owner, entry('b', 'second'), NOW);
    expect(store.memoryEntries.put(owner, entry('a', 'first, revised'), NOW)).toBe('updated');
    expect(store.memoryEntries.list(owner).map((item) => item.content)).toEqual(['first, revised', 'second']);
    expect(store.memoryEntries.delete(owner, 'a')).toBe(true);
    expect(store.memoryEntries.list(owner).map((item) => item.id)).toEqual(['b']);
    expect(store.memoryEntries.list({ ...owner, network: 'telegram' })).toEqual([]);
  });

  it('reads a memory list as stored after each write, a rollback and an agent’s rename', () => {
    const owner = { agent: 'Ada', network: 'simulator' as const, scope: 'plan' as const, channelId: 7 };
    const entry = (id: string, content: string) => ({
      id,
      content,
      created: '2026-03-02',
      creationChannelId: 7,
      creationChannelName: 'Pat',
    });
    const contents = (agent = 'Ada') =>
      store.memoryEntries.list({ ...owner, agent }).map((item) => item.content);
    expect(contents()).toEqual([]);
    store.memoryEntries.put(owner, entry('a', 'call the florist'), NOW);
    expect(contents()).toEqual(['call the florist']);
    store.memoryEntries.put(owner, entry('a', 'call the florist at nine'), NOW);
    expect(contents()).toEqual(['call the florist at nine']);
    store.memoryEntries.list(owner)[0]!.content = 'changed by a caller';
    expect(contents()).toEqual(['call the florist at nine']);
    expect(() =>
      store.transaction(() => {
        store.memoryEntries.put(owner, entry('b', 'book the hall'), NOW);
        expect(contents()).toEqual(['call the florist at nine', 'book the hall']);
        throw new Error('the turn failed');
      }),
    ).toThrow('the turn failed');
    expect(contents()).toEqual(['call the florist at nine']);
    store.agentRows.rename('Ada', 'Ada_2');
    expect(contents()).toEqual([]);
    expect(contents('Ada_2')).toEqual(['call the florist at nine']);
    store.memoryEntries.put({ ...owner, agent: 'Ada_2' }, entry('b', 'book the hall'), NOW);
    expect(contents('Ada_2')).toEqual(['call the florist at nine', 'book the hall']);
    expect(store.memoryEntries.delete({ ...owner, agent: 'Ada_2' }, 'a')).toBe(true);
    expect(contents('Ada_2')).toEqual(['book the hall']);
    store.memoryEntries.clear({ ...owner, agent: 'Ada_2' });
    expect(contents('Ada_2')).toEqual([]);
  });

  it('stores conversation settings, and no row once they are all back to the defaults', () => {
    expect(store.conversationSettings.get(CONVERSATION)).toEqual({
      llmOverride: null,
      gaggedOverride: null,
      replyPolicy: null,
      paused: false,
      operatorOnly: false,
      approvalOverride: null,
    });
    const changed = {
      llmOverride: 'gpt-5-mini',
      gaggedOverride: true,
      replyPolicy: 'every-message',
      paused: true,
      operatorOnly: true,
      approvalOverride: false,
    } as const;
    store.conversationSettings.put(CONVERSATION, changed, NOW);
    expect(store.conversationSettings.get(CONVERSATION)).toEqual(changed);
    store.conversationSettings.put(
      CONVERSATION,
      {
        llmOverride: null,
        gaggedOverride: null,
        replyPolicy: null,
        paused: false,
        operatorOnly: false,
        approvalOverride: null,
      },
      NOW,
    );
    const rows = withRawDatabase(file, (db) =>
      db.prepare('SELECT count(*) AS n FROM conversation_settings').get(),
    );
    expect(rows).toEqual({ n: 0 });
  });

  it('reads conversation settings as stored after a rollback and after an agent is renamed', () => {
    const paused = { ...store.conversationSettings.get(CONVERSATION), paused: true };
    store.conversationSettings.put(CONVERSATION, paused, NOW);
    expect(() =>
      store.transaction(() => {
        store.conversationSettings.put(CONVERSATION, { ...paused, operatorOnly: true }, NOW);
        expect(store.conversationSettings.get(CONVERSATION).operatorOnly).toBe(true);
        throw new Error('the turn failed');
      }),
    ).toThrow('the turn failed');
    expect(store.conversationSettings.get(CONVERSATION)).toMatchObject({ paused: true, operatorOnly: false });

    store.agentRows.rename('Ada', 'Ada_2');
    expect(store.conversationSettings.get(CONVERSATION).paused).toBe(false);
    expect(store.conversationSettings.get({ ...CONVERSATION, agent: 'Ada_2' }).paused).toBe(true);
  });

  it('keeps the last exchange of a conversation', () => {
    const exchange = {
      at: NOW.toISOString(),
      provider: 'gemini',
      model: 'gemini-2.5-flash',
      sections: [{ id: 'instructions', title: 'Instructions', text: 'Be kind.', stable: true }],
      turns: [{ role: 'user' as const, parts: ['hi'] }],
      rawReply: '[]',
      inputTokens: 10,
      outputTokens: 2,
      cachedTokens: 0,
      costUsd: null,
      latencyMs: 12,
      error: null,
    };
    store.exchangeHistory.append(CONVERSATION, 'received-1', exchange);
    store.exchangeHistory.append(CONVERSATION, 'received-2', {
      ...exchange,
      rawReply: '[{"kind":"think","text":"x"}]',
    });
    expect(store.exchangeHistory.latest(CONVERSATION)).toMatchObject({
      ...exchange,
      taskId: 'received-2',
      rawReply: '[{"kind":"think","text":"x"}]',
    });
    expect(store.exchangeHistory.latestAt(CONVERSATION)).toBe(exchange.at);
    const elsewhere = { ...CONVERSATION, channelId: CONVERSATION.channelId + 1 };
    expect(store.exchangeHistory.latestAt(elsewhere)).toBeNull();
    expect(store.exchangeHistory.latest(elsewhere)).toBeNull();
  });
});
