import { describe, expect, it } from 'vitest';
import { zoneDayOffsets } from '../../../src/main/api/handlers/usage-days';
import { recordLlmUsage } from '../../../src/main/llm';
import { createLogger } from '../../../src/main/logging';
import { scheduleTaskLogPruning } from '../../../src/main/runtime/task-log-retention';
import {
  LEDGER_RETENTION_DAYS,
  openStore,
  type Store,
  TASK_LOG_RETENTION_DAYS,
} from '../../../src/main/store';

const at = (iso: string) => new Date(iso);
const UTC = [{ from: at('2026-01-01T00:00:00Z'), offsetMinutes: 0 }];

function setup(): Store {
  return openStore({ file: ':memory:', logger: createLogger({ level: 'silent' }) });
}

interface Call {
  at: string;
  agent?: string;
  channelId?: number | null;
  network?: 'simulator' | 'telegram' | null;
  operation?: string;
  model?: string;
  costUsd?: number | null;
  input?: number;
  output?: number;
}

function record(store: Store, call: Call): void {
  store.taskLog.append({
    timestamp: at(call.at),
    agentConfigName: call.agent ?? 'Ada',
    channelId: call.channelId === undefined ? 7 : call.channelId,
    actionKind: 'llm_usage',
    details: {
      operation: call.operation ?? 'received',
      provider: 'gemini',
      model: call.model ?? 'gemini-2.5-flash',
      input_tokens: call.input ?? 1000,
      output_tokens: call.output ?? 100,
      cached_tokens: 10,
      thinking_tokens: 5,
      cost_usd: call.costUsd === undefined ? 0.5 : call.costUsd,
      unknown_price: call.costUsd === null,
      latency_ms: 300,
      ...(call.network === null ? {} : { network: call.network ?? 'simulator' }),
    },
  });
}

const window = (since: string, until: string) => ({ since: at(since), until: at(until) });

describe('UsageRepository', () => {
  it('sums cost and tokens, leaving calls without a price out of the cost but counting them', () => {
    const store = setup();
    record(store, { at: '2026-03-01T10:00:00Z', costUsd: 0.25 });
    record(store, { at: '2026-03-01T11:00:00Z', costUsd: null, model: 'mystery-1' });
    record(store, { at: '2026-03-02T09:00:00Z', agent: 'Bo', costUsd: 1, operation: 'summarize' });
    store.taskLog.append({
      agentConfigName: 'Ada',
      actionKind: 'send',
      timestamp: at('2026-03-01T10:00:00Z'),
    });

    const summary = store.usage.summary(window('2026-03-01T00:00:00Z', '2026-03-03T00:00:00Z'), UTC);

    expect(summary.totals).toEqual({
      costUsd: 1.25,
      calls: 3,
      inputTokens: 3000,
      outputTokens: 300,
      cachedTokens: 30,
      thinkingTokens: 15,
      unknownPriceCalls: 1,
    });
    expect(summary.agents.map((row) => [row.agent, row.costUsd, row.calls])).toEqual([
      ['Bo', 1, 1],
      ['Ada', 0.25, 2],
    ]);
    expect(summary.operations.map((row) => [row.operation, row.calls])).toEqual([
      ['summarize', 1],
      ['received', 2],
    ]);
    expect(summary.models.map((row) => [row.model, row.unknownPriceCalls])).toEqual([
      ['gemini-2.5-flash', 0],
      ['mystery-1', 1],
    ]);
    expect(summary.days.map((day) => [day.day, day.costUsd, day.costByAgent])).toEqual([
      ['2026-03-01', 0.25, { Ada: 0.25 }],
      ['2026-03-02', 1, { Bo: 1 }],
    ]);
    expect(summary.recentCalls.map((call) => [call.agent, call.model, call.costUsd])).toEqual([
      ['Bo', 'gemini-2.5-flash', 1],
      ['Ada', 'mystery-1', null],
      ['Ada', 'gemini-2.5-flash', 0.25],
    ]);
    store.close();
  });

  it('reads the window as [since, until)', () => {
    const store = setup();
    record(store, { at: '2026-03-01T00:00:00Z', costUsd: 1 });
    record(store, { at: '2026-03-01T23:59:59.999Z', costUsd: 2 });
    record(store, { at: '2026-03-02T00:00:00Z', costUsd: 4 });
    expect(
      store.usage.summary(window('2026-03-01T00:00:00Z', '2026-03-02T00:00:00Z'), UTC).totals.costUsd,
    ).toBe(3);
    expect(store.usage.spentUsd('Ada', at('2026-03-01T00:00:00.001Z'), at('2026-03-02T00:00:00.001Z'))).toBe(
      6,
    );
    expect(store.usage.spentUsd('Bo', at('2026-03-01T00:00:00Z'), at('2026-03-03T00:00:00Z'))).toBe(0);
    expect(() => store.usage.summary(window('2026-03-02T00:00:00Z', '2026-03-02T00:00:00Z'), UTC)).toThrow(
      /end after it starts/,
    );
    store.close();
  });

  it('counts days in the offsets given, moving the edge at a daylight-saving change', () => {
    const store = setup();
    // 23:30 UTC is the next day in Berlin (+1 in winter, +2 in summer).
    record(store, { at: '2026-03-27T23:30:00Z', costUsd: 1 });
    record(store, { at: '2026-03-29T22:30:00Z', costUsd: 2 });
    record(store, { at: '2026-03-29T21:30:00Z', costUsd: 4 });
    const since = at('2026-03-26T23:00:00Z');
    const until = at('2026-03-31T22:00:00Z');
    const berlin = zoneDayOffsets('Europe/Berlin', since, until);
    expect(berlin.map((o) => [o.from.toISOString(), o.offsetMinutes])).toEqual([
      ['2026-03-26T23:00:00.000Z', 60],
      ['2026-03-29T01:00:00.000Z', 120],
    ]);
    const local = store.usage.summary({ since, until }, berlin);
    expect(local.days.map((day) => [day.day, day.costUsd])).toEqual([
      ['2026-03-28', 1],
      ['2026-03-29', 4],
      ['2026-03-30', 2],
    ]);
    const utc = store.usage.summary({ since, until }, [{ from: since, offsetMinutes: 0 }]);
    expect(utc.days.map((day) => [day.day, day.costUsd])).toEqual([
      ['2026-03-27', 1],
      ['2026-03-29', 6],
    ]);
    store.close();
  });

  it('filters by agent and by conversation, and lists conversations with their names', () => {
    const store = setup();
    record(store, { at: '2026-03-01T10:00:00Z', channelId: 7, costUsd: 1 });
    record(store, { at: '2026-03-01T10:00:00Z', channelId: 7, network: 'telegram', costUsd: 2 });
    record(store, {
      at: '2026-03-01T10:00:00Z',
      channelId: null,
      network: null,
      costUsd: 4,
      operation: 'describe_image',
    });
    record(store, { at: '2026-03-01T10:00:00Z', agent: 'Bo', channelId: 7, costUsd: 8 });
    const day = window('2026-03-01T00:00:00Z', '2026-03-02T00:00:00Z');

    expect(store.usage.summary({ ...day, agent: 'Ada' }, UTC).totals.costUsd).toBe(7);
    const one = store.usage.summary(
      { ...day, agent: 'Ada', conversation: { network: 'telegram', channelId: 7 } },
      UTC,
    );
    expect(one.totals.costUsd).toBe(2);
    const all = store.usage.summary(day, UTC);
    expect(all.conversations.map((row) => [row.agent, row.network, row.channelId, row.costUsd])).toEqual([
      ['Bo', 'simulator', 7, 8],
      ['Ada', null, null, 4],
      ['Ada', 'telegram', 7, 2],
      ['Ada', 'simulator', 7, 1],
    ]);
    store.close();
  });

  it('infers the network of older rows from the Simulator chats, and names the chats it knows', () => {
    const store = setup();
    const createdAt = '2026-03-01T00:00:00Z';
    store.simulator.people.insert({
      id: 11,
      agent: 'Ada',
      firstName: 'Pat',
      lastName: 'Lee',
      username: null,
      bio: null,
      createdAt,
    });
    const chat = { agent: 'Ada', channelId: 11 };
    store.simulator.chats.insert({ ...chat, kind: 'direct', title: null, createdAt });
    store.simulator.chats.addMember(chat, 11);
    record(store, { at: '2026-03-01T10:00:00Z', channelId: chat.channelId, network: null, costUsd: 1 });
    record(store, { at: '2026-03-01T11:00:00Z', channelId: 4242, network: null, costUsd: 2 });
    const summary = store.usage.summary(window('2026-03-01T00:00:00Z', '2026-03-02T00:00:00Z'), UTC);
    expect(summary.conversations.map((row) => [row.network, row.channelId, row.name])).toEqual([
      ['telegram', 4242, null],
      ['simulator', chat.channelId, 'Pat Lee'],
    ]);
    store.close();
  });

  it('names a Telegram chat as its latest turn saw it, else a direct chat by its partner', () => {
    const store = setup();
    const group = -1001700000001;
    const direct = 55;
    for (const channelId of [group, direct, 66]) {
      record(store, {
        at: '2026-03-01T10:00:00Z',
        channelId,
        network: 'telegram',
        costUsd: channelId === group ? 3 : 1,
      });
    }
    store.telegramChatTitles.remember('Ada', group, 'Quay Street readers');
    const said = (messageId: number, senderName: string) => ({
      messageId,
      senderId: 9,
      senderName,
      isAgent: false,
      replyTo: null,
      sentAt: '2026-03-01T09:00:00.000Z',
      editedAt: null,
      text: 'hello',
      partsJson: '[]',
    });
    const telegram = (channelId: number) => ({ agent: 'Ada', network: 'telegram' as const, channelId });
    store.archive.put(telegram(direct), [said(1, 'Pat'), said(2, 'Pat Lee')], at('2026-03-01T09:00:00Z'));
    // A group's members are not its name.
    store.archive.put(telegram(group), [said(1, 'Tomás')], at('2026-03-01T09:00:00Z'));
    const names = () =>
      store.usage
        .summary(window('2026-03-01T00:00:00Z', '2026-03-02T00:00:00Z'), UTC)
        .conversations.map((row) => [row.channelId, row.name]);
    expect(names()).toEqual([
      [group, 'Quay Street readers'],
      [direct, 'Pat Lee'],
      [66, null],
    ]);
    store.telegramChatTitles.remember('Ada', direct, 'Patricia Lee');
    store.telegramChatTitles.remember('Ada', group, ' ');
    expect(names()).toEqual([
      [group, 'Quay Street readers'],
      [direct, 'Patricia Lee'],
      [66, null],
    ]);
    store.close();
  });

  it('is written by recordLlmUsage with the conversation network', () => {
    const store = setup();
    recordLlmUsage(store, {
      agent: 'Ada',
      channelId: 9,
      network: 'telegram',
      operation: 'received',
      provider: 'openai',
      model: 'gpt-5-mini',
      usage: { inputTokens: 10, outputTokens: 2, cachedTokens: 0, thinkingTokens: 0 },
      latencyMs: 5,
      costUsd: 0.001,
    });
    const now = new Date();
    const summary = store.usage.summary(
      { since: new Date(now.getTime() - 60_000), until: new Date(now.getTime() + 60_000) },
      UTC,
    );
    expect(summary.conversations[0]).toMatchObject({ network: 'telegram', channelId: 9, costUsd: 0.001 });
    store.close();
  });
});

describe('task-log pruning', () => {
  it('keeps the cost ledger for its own retention while other rows go after 14 days', () => {
    const store = setup();
    const now = at('2026-06-01T00:00:00Z');
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
    record(store, { at: daysAgo(TASK_LOG_RETENTION_DAYS + 30), costUsd: 1 });
    record(store, { at: daysAgo(LEDGER_RETENTION_DAYS + 1), costUsd: 2 });
    store.taskLog.append({
      agentConfigName: 'Ada',
      actionKind: 'send',
      timestamp: at(daysAgo(TASK_LOG_RETENTION_DAYS + 1)),
    });
    store.taskLog.append({ agentConfigName: 'Ada', actionKind: 'send', timestamp: at(daysAgo(1)) });

    const stop = scheduleTaskLogPruning(store.taskLog, createLogger({ level: 'silent' }), () => now);
    stop();

    expect(store.taskLog.list({ limit: 10 }).map((row) => [row.actionKind, row.timestamp])).toEqual([
      ['send', daysAgo(1)],
      ['llm_usage', daysAgo(TASK_LOG_RETENTION_DAYS + 30)],
    ]);
    expect(LEDGER_RETENTION_DAYS).toBeGreaterThanOrEqual(365);
    store.close();
  });
});
