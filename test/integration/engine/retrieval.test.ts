import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SafeFetcher } from '../../../src/main/retrieval';
import type { ConversationRuntimeHandle } from '../../../src/main/runtime/types';
import { DATABASE_FILE_NAME } from '../../../src/main/store';
import type { ChatMsg } from '../../../src/shared/domain/conversation';
import { callApi, startEngineRuntime, waitFor } from '../../support/engine-harness';
import { type FakeLlmServer, startFakeLlmServer } from '../../support/fake-llm-server';
import { withRawDatabase } from '../../support/raw-database';

const ARTICLE = readFileSync(join(import.meta.dirname, '../../fixtures/retrieval/article.html'));

interface LoggedFetch {
  url: string;
  status: number | null;
  bytes: number;
  ms: number;
  cached: boolean;
  read: boolean;
}

describe('an agent retrieves documents through the Simulator and a real LLM SDK', () => {
  let pages: Server;
  let pageBase: string;
  let pageHits = 0;
  let root: string;
  let llm: FakeLlmServer;
  let runtime: ConversationRuntimeHandle;
  let fetcher: SafeFetcher;

  beforeAll(async () => {
    pages = createServer((request, response) => {
      pageHits++;
      if (request.url === '/pharos') {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        response.end(ARTICLE);
      } else {
        response.writeHead(404);
        response.end();
      }
    });
    await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
    pageBase = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => pages.close(resolve));
  });

  beforeEach(async () => {
    root = mkdtempSync(join(tmpdir(), 'troupe-retrieval-'));
    llm = await startFakeLlmServer();
    const configDir = join(root, 'config');
    mkdirSync(join(configDir, 'docs'), { recursive: true });
    mkdirSync(join(configDir, 'agents', 'Ada', 'docs'), { recursive: true });
    writeFileSync(join(configDir, 'docs', 'price-list.md'), 'Shared price list: tea 2 euros.');
    writeFileSync(join(configDir, 'docs', 'hours.md'), 'Open daily from 9 to 17.');
    writeFileSync(
      join(configDir, 'agents', 'Ada', 'docs', 'price-list.md'),
      "Ada's own price list: tea 3 euros.",
    );
    // The test's own page server is on 127.0.0.1: only this fetcher may reach it.
    fetcher = new SafeFetcher({ exemptAddresses: ['127.0.0.1'] });
    runtime = await startEngineRuntime({ root, geminiBaseUrl: llm.geminiBaseUrl, retrievalFetcher: fetcher });
  });

  afterEach(async () => {
    await runtime?.close();
    await llm.close();
    rmSync(root, { recursive: true, force: true });
  });

  async function directChat() {
    const created = await callApi(runtime, 'simulator.createChat', {
      agent: 'Ada',
      kind: 'direct',
      people: [{ firstName: 'Pat' }],
    });
    return {
      channelId: (created.chat as { channelId: number }).channelId,
      personId: (created.people as { id: number }[])[0]!.id,
    };
  }

  async function say(chat: { channelId: number; personId: number }, text: string) {
    await callApi(runtime, 'simulator.send', { agent: 'Ada', ...chat, text });
  }

  async function agentTexts(channelId: number): Promise<string[]> {
    const page = await callApi(runtime, 'conversations.messages', {
      agent: 'Ada',
      network: 'simulator',
      channelId,
    });
    return (page.messages as ChatMsg[])
      .filter((message) => message.isAgent)
      .map((message) => message.parts.map((part) => (part.kind === 'text' ? part.text : '')).join(''));
  }

  function taskLog(kind: string): Record<string, unknown>[] {
    return withRawDatabase(join(root, 'state', DATABASE_FILE_NAME), (db) =>
      db
        .prepare<[string], { details: string }>(
          'SELECT details_json AS details FROM task_log WHERE action_kind = ? ORDER BY id',
        )
        .all(kind)
        .map((row) => JSON.parse(row.details) as Record<string, unknown>),
    );
  }

  it('reads a web page and a file: document, then answers with them in view', async () => {
    const chat = await directChat();
    const pageUrl = `${pageBase}/pharos`;
    llm.replyWith({
      tasks: [
        { kind: 'send', text: 'Let me look that up.' },
        { kind: 'retrieve', urls: [pageUrl, 'file:price-list', 'file:schedule.json', 'file:hours'] },
      ],
    });
    llm.replyWith({ tasks: [{ kind: 'send', text: 'Sostratus of Cnidus designed it; tea is 3 euros.' }] });
    await say(chat, 'Who built the lighthouse of Alexandria? And what does tea cost?');

    await waitFor(async () => (await agentTexts(chat.channelId)).length > 0, 'the answer');
    // The reply that asked to retrieve was set aside: only the answer with the documents went out.
    expect(await agentTexts(chat.channelId)).toEqual(['Sostratus of Cnidus designed it; tea is 3 euros.']);

    const [asking, answering] = llm.requests;
    expect(asking!.systemText).not.toContain('# Retrieved documents');
    // The agent is told what its operator gave it: its own price list, the shared hours.
    expect(asking!.systemText).toContain('# Your Documents');
    expect(asking!.systemText).toContain('- `file:price-list`\n- `file:hours`');
    const prompt = answering!.systemText;
    expect(prompt).toContain('# Retrieved documents');
    expect(prompt).toMatch(/## http:\/\/127\.0\.0\.1:\d+\/pharos \(retrieved \w+day, \w+ \d+, \d{4} at /);
    expect(prompt).toContain('# The Lighthouse of Alexandria');
    expect(prompt).toContain('Sostratus of Cnidus is credited with its design.');
    expect(prompt).not.toContain('newsletter');
    expect(prompt).toContain("Ada's own price list: tea 3 euros.");
    expect(prompt).not.toContain('Shared price list');
    expect(prompt).toContain('Ada has no daily schedule.');
    expect(prompt).not.toContain('Open daily from 9 to 17.');

    const [turn] = taskLog('received');
    expect(turn).toMatchObject({
      retrieving: [pageUrl, 'file:price-list', 'file:schedule.json'],
      round: 1,
      setAside: 1,
      retrieveRefused: [{ url: 'file:hours', why: 'more than 3 new addresses in one turn' }],
    });
    const [retrieve] = taskLog('retrieve');
    const fetches = retrieve!.fetches as LoggedFetch[];
    expect(fetches[0]).toMatchObject({ url: pageUrl, status: 200, cached: false, read: true });
    expect(fetches[0]!.bytes).toBe(ARTICLE.length);
    expect(fetches[0]!.ms).toBeGreaterThanOrEqual(0);
    expect(fetches[1]).toMatchObject({ url: 'file:price-list', status: null, cached: false, read: true });
  });

  it('serves a page again from the cache, and refuses what the prompt already shows', async () => {
    const first = await directChat();
    const pageUrl = `${pageBase}/pharos`;
    llm.replyWith({ tasks: [{ kind: 'retrieve', urls: [pageUrl] }] });
    llm.replyWith({ tasks: [{ kind: 'send', text: 'Read it.' }] });
    await say(first, 'Look it up please');
    await waitFor(async () => (await agentTexts(first.channelId)).length > 0, 'the first answer');
    const hitsAfterFirst = pageHits;

    llm.replyWith({
      tasks: [
        { kind: 'retrieve', urls: [pageUrl] },
        { kind: 'send', text: 'As I read before…' },
      ],
    });
    await say(first, 'And again?');
    await waitFor(async () => (await agentTexts(first.channelId)).length > 1, 'the second answer');
    expect((await agentTexts(first.channelId))[1]).toBe('As I read before…');
    expect(taskLog('received').at(-1)).toMatchObject({
      retrieveRefused: [{ url: pageUrl, why: 'already retrieved: it is in the prompt' }],
    });

    const second = await directChat();
    llm.replyWith({ tasks: [{ kind: 'retrieve', urls: [`${pageUrl}#history`] }] });
    llm.replyWith({ tasks: [{ kind: 'send', text: 'Found it.' }] });
    await say(second, 'Tell me about the Pharos');
    await waitFor(async () => (await agentTexts(second.channelId)).length > 0, 'the other chat answer');
    expect(pageHits).toBe(hitsAfterFirst);
    const fetches = taskLog('retrieve').at(-1)!.fetches as LoggedFetch[];
    expect(fetches[0]).toMatchObject({ cached: true, status: 200, read: true });
  });

  it('stops retrieving after three rounds for one message and tells the agent to answer', async () => {
    const chat = await directChat();
    for (let round = 0; round < 4; round++) {
      llm.replyWith({ tasks: [{ kind: 'retrieve', urls: [`${pageBase}/page-${round}`] }] });
    }
    await say(chat, 'Keep looking');
    await waitFor(() => taskLog('received').length === 4, 'four turns');
    const turns = taskLog('received');
    expect(turns.slice(0, 3).map((turn) => turn.round)).toEqual([1, 2, 3]);
    expect(turns[3]).toMatchObject({
      retrieveRefused: [
        { url: `${pageBase}/page-3`, why: 'the 3 retrieval rounds for this message are used up' },
      ],
    });
    expect(llm.requests[3]!.systemText).toContain('You cannot retrieve anything more for this message');
    const notFound = (taskLog('retrieve')[0]!.fetches as LoggedFetch[])[0]!;
    expect(notFound).toMatchObject({ status: 404, read: false });
  });
});
