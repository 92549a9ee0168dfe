import { describe, expect, it } from 'vitest';
import { createNode, TaskGraph } from '../../../src/main/engine/graph/task-graph';
import {
  MAX_RETRIEVAL_ROUNDS,
  retrievalRequest,
  retrievalRoundOf,
  retrievalRoundResult,
} from '../../../src/main/engine/turn/retrieval-round';
import type { ParsedTask } from '../../../src/main/tasks/reply-parser';

const NOW = new Date('2026-03-02T10:00:00Z');

function retrieve(...urls: unknown[]): ParsedTask {
  return { id: `retrieve-${urls.length}`, kind: 'retrieve', params: { urls }, dependsOn: [] };
}

const fresh = { round: 0, retrieved: new Set<string>() };

describe('retrievalRequest', () => {
  it('takes up to three new addresses per turn across retrieve tasks and refuses the rest, saying why', () => {
    const request = retrievalRequest(
      [
        retrieve('https://a.example/', 'file:menu'),
        retrieve('https://b.example/', 'https://c.example/', 'https://d.example/'),
      ],
      fresh,
    );
    expect(request.fetch).toEqual(['https://a.example/', 'file:menu', 'https://b.example/']);
    expect(request.refused).toEqual([
      { url: 'https://c.example/', why: 'more than 3 new addresses in one turn' },
      { url: 'https://d.example/', why: 'more than 3 new addresses in one turn' },
    ]);
  });

  it('counts a repeated address once and refuses what the prompt already shows or cannot be fetched', () => {
    const request = retrievalRequest(
      [
        retrieve(
          ' https://a.example/ ',
          'https://a.example/',
          'https://seen.example/',
          'ftp://x.example/',
          'mailto:a@b.c',
        ),
      ],
      { round: 0, retrieved: new Set(['https://seen.example/']) },
    );
    expect(request.fetch).toEqual(['https://a.example/']);
    expect(request.refused.map((refusal) => refusal.why)).toEqual([
      'already retrieved: it is in the prompt',
      'only http, https and file: addresses can be retrieved',
      'only http, https and file: addresses can be retrieved',
    ]);
  });

  it('refuses everything once the rounds of the message are used up', () => {
    const request = retrievalRequest([retrieve('https://a.example/')], {
      round: MAX_RETRIEVAL_ROUNDS,
      retrieved: new Set(),
    });
    expect(request.fetch).toEqual([]);
    expect(request.refused).toEqual([
      {
        url: 'https://a.example/',
        why: `the ${MAX_RETRIEVAL_ROUNDS} retrieval rounds for this message are used up`,
      },
    ]);
  });

  it('reports a retrieve task with bad fields and ignores other kinds', () => {
    const request = retrievalRequest(
      [retrieve(), { id: 's', kind: 'send', params: { text: 'hi' }, dependsOn: [] }],
      fresh,
    );
    expect(request.fetch).toEqual([]);
    expect(request.refused).toEqual([{ url: '', why: 'retrieve task: urls must name at least one address' }]);
  });
});

describe('retrievalRoundResult', () => {
  it('puts a retrieve task after the turn and the same turn again after it, one round further', () => {
    const received = createNode({ kind: 'received', params: { messageId: 7, retrievalRound: 1 } }, NOW);
    received.status = 'active';
    const graph = new TaskGraph({
      id: 'recv-1',
      conversation: { agent: 'Ada', network: 'simulator', channelId: 5 },
      context: { isGroup: false, channelName: 'Pat' },
      createdAt: NOW.toISOString(),
      nodes: [received],
    });
    const result = retrievalRoundResult(
      received,
      { fetch: ['https://a.example/'], refused: [] },
      { model: 'm' },
    );
    result.apply!(graph, NOW);
    const retrieveNode = graph.nodes.find((node) => node.kind === 'retrieve')!;
    const rerun = graph.nodes.filter((node) => node.kind === 'received')[1]!;
    expect(retrieveNode).toMatchObject({
      params: { urls: ['https://a.example/'] },
      dependsOn: [received.id],
    });
    expect(rerun).toMatchObject({
      status: 'pending',
      params: { messageId: 7 },
      dependsOn: [retrieveNode.id],
    });
    expect(retrievalRoundOf(rerun)).toBe(2);
    expect(result.log).toEqual({ model: 'm', retrieving: ['https://a.example/'], round: 2 });
  });

  it('reads a missing or malformed round as none', () => {
    expect(retrievalRoundOf(createNode({ kind: 'received' }, NOW))).toBe(0);
    expect(retrievalRoundOf(createNode({ kind: 'received', params: { retrievalRound: 'x' } }, NOW))).toBe(0);
  });
});
