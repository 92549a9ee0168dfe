import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { agentConfig } from '../../support/agent-config';
import { EngineHarness, isMemoryWork } from '../../support/engine-harness';
import { turnContextOf } from './conversation-engine-support';

const MINUTE = 60_000;

describe('scheduled events', () => {
  let harness: EngineHarness;

  afterEach(async () => {
    await harness.close();
  });

  it('the agent schedules a reminder with an event task; when due it wakes in the chat with the intent as a secret instruction', async () => {
    harness = new EngineHarness({ pacing: 'off' });
    const chat = harness.directChat();
    harness.llm.reply([
      { kind: 'event', id: 'call-mum', intent: 'Remind Pat to call her mum', time: '2026-03-02T10:30' },
      { kind: 'send', text: 'I will remind you.' },
    ]);
    harness.say(chat, 'remind me to call mum in half an hour');
    await harness.advance(6_000);
    expect(harness.engine.events(harness.conversation(chat)).events).toMatchObject([
      { id: 'call-mum', dueAt: new Date('2026-03-02T10:30:00Z'), intervalSeconds: null },
    ]);

    harness.llm.replyWhen(
      (query) => !isMemoryWork(query),
      [{ kind: 'send', text: 'Pat, time to call your mum!' }],
    );
    await harness.advance(29 * MINUTE, MINUTE);
    expect(harness.llm.turnQueries).toHaveLength(1);
    await harness.advance(MINUTE, MINUTE);
    expect(harness.llm.turnQueries).toHaveLength(2);
    const context = turnContextOf(harness.llm.turnQueries[1]!);
    expect(context).toContain('A Reminder You Set');
    expect(context).toContain('> Remind Pat to call her mum');
    await harness.advance(6_000);
    expect(harness.agentTexts(chat)).toEqual(['I will remind you.', 'Pat, time to call your mum!']);
    expect(harness.engine.events(harness.conversation(chat)).events).toEqual([]);
  });

  it('lists the upcoming events in the prompt in the agent zone, with the interval and what is left', async () => {
    harness = new EngineHarness({
      pacing: 'off',
      agents: [agentConfig({ configName: 'Ada', timezone: 'Europe/Paris' })],
    });
    const chat = harness.directChat();
    harness.engine.changeEvent(harness.conversation(chat), {
      id: 'water',
      intent: 'Ask whether the plants were watered',
      time: '2026-03-03T09:00',
      interval: '2 days',
      occurrences: 3,
    });
    harness.say(chat, 'hi');
    await harness.advance(6_000);
    const prompt = harness.llm.turnQueries[0]!.systemPrompt;
    expect(prompt).toContain('# Events');
    expect(prompt).toContain('"time": "2026-03-03T09:00"');
    expect(prompt).toContain('"interval": "2 days"');
    expect(prompt).toContain('"occurrences_left": 3');
    expect(prompt.indexOf('# Events')).toBeLessThan(prompt.indexOf('# Channel'));
  });

  it('repeats at its interval as many times as asked, then is gone', async () => {
    harness = new EngineHarness({ pacing: 'off' });
    const chat = harness.directChat();
    harness.engine.changeEvent(harness.conversation(chat), {
      id: 'stretch',
      intent: 'Tell Pat to stretch',
      time: '2026-03-02T10:10',
      interval: '10 minutes',
      occurrences: 3,
    });
    await harness.advance(60 * MINUTE, MINUTE);
    const reminders = harness.llm.turnQueries.filter((query) =>
      turnContextOf(query).includes('Tell Pat to stretch'),
    );
    expect(reminders).toHaveLength(3);
    expect(harness.engine.events(harness.conversation(chat)).events).toEqual([]);
  });

  it('fires in a gagged conversation, as the agent asked it to', async () => {
    harness = new EngineHarness({
      pacing: 'off',
      agents: [agentConfig({ configName: 'Ada', gagged: true })],
    });
    const chat = harness.directChat();
    harness.say(chat, 'are you there?');
    harness.engine.changeEvent(harness.conversation(chat), {
      id: 'nudge',
      intent: 'Check on Pat',
      time: '2026-03-02T10:05',
    });
    harness.llm.reply([{ kind: 'send', text: 'Checking in!' }]);
    await harness.advance(10 * MINUTE, MINUTE);
    expect(harness.llm.turnQueries).toHaveLength(1);
    expect(harness.agentTexts(chat)).toEqual(['Checking in!']);
  });

  it('refuses an event in the past: nothing is stored, the task log and the next turn say why', async () => {
    harness = new EngineHarness({ pacing: 'off' });
    const chat = harness.directChat();
    harness.llm.reply([{ kind: 'event', id: 'late', intent: 'Too late', time: '2026-03-01T08:00' }]);
    harness.say(chat, 'remind me yesterday');
    await harness.advance(6_000);
    expect(harness.engine.events(harness.conversation(chat)).events).toEqual([]);
    const logged = harness.store.taskLog.list({ agent: 'Ada', kinds: ['event'], limit: 5 });
    expect(logged[0]!.failureMessage).toMatch(
      /^event task: the time Sunday, March 1, 2026 at 8:00 AM .* is in the past/,
    );

    harness.say(chat, 'well?');
    await harness.advance(6_000);
    const prompt = harness.llm.turnQueries[1]!.systemPrompt;
    expect(prompt).toContain('These event tasks of your last turn were not done');
    expect(prompt).toMatch(/event "late": the time Sunday, March 1, 2026 at 8:00 AM .* is in the past/);
  });

  it('waits while its agent may not act, and fires once it may', async () => {
    const agents = [agentConfig({ configName: 'Ada' })];
    harness = new EngineHarness({ pacing: 'off', agents });
    const chat = harness.directChat();
    harness.engine.changeEvent(harness.conversation(chat), {
      id: 'later',
      intent: 'Say hello',
      time: '2026-03-02T10:05',
    });
    agents.splice(0, 1);
    harness.engine.refresh();
    await harness.advance(10 * MINUTE, MINUTE);
    expect(harness.llm.turnQueries).toHaveLength(0);
    agents.push(agentConfig({ configName: 'Ada' }));
    harness.engine.refresh();
    await harness.advance(MINUTE);
    expect(harness.llm.turnQueries).toHaveLength(1);
  });

  it('an event that came due while the engine was stopped fires once on start, not once per missed interval', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'troupe-events-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    harness = new EngineHarness({ pacing: 'off', databaseFile: join(dir, 'troupe.db') });
    const chat = harness.directChat();
    harness.engine.changeEvent(harness.conversation(chat), {
      id: 'hourly',
      intent: 'Hourly check',
      time: '2026-03-02T10:30',
      interval: '1 hour',
      occurrences: 10,
    });
    await harness.engine.stop();
    harness.clock.advance(5 * 60 * MINUTE);
    await harness.restart();
    await harness.advance(MINUTE);
    expect(harness.llm.turnQueries).toHaveLength(1);
    expect(harness.engine.events(harness.conversation(chat)).events).toMatchObject([
      { dueAt: new Date('2026-03-02T15:30:00Z'), remaining: 5 },
    ]);
  });
});
