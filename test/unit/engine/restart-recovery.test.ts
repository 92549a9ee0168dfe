import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { EngineHarness } from '../../support/engine-harness';
import { withRawDatabase } from '../../support/raw-database';

describe('restart recovery', () => {
  let harness: EngineHarness;

  afterEach(async () => {
    await harness.close();
  });

  it('resumes a graph stopped in the middle of a typing wait: the wait keeps its deadline, the send goes out', async () => {
    harness = new EngineHarness({ engine: { startTypingDelaySeconds: 10 } });
    const chat = harness.directChat();
    harness.llm.reply([{ kind: 'send', text: 'Back again.' }]);
    harness.say(chat, 'hello');
    await harness.advance(6_000);
    const wait = harness.engine.graph(harness.conversation(chat))!.nodes.find((node) => node.params.typing)!;
    expect(wait.status).toBe('pending');

    await harness.restart();
    await harness.advance(5_000);
    expect(harness.agentTexts(chat)).toEqual([]);
    await harness.advance(7_000);
    expect(harness.agentTexts(chat)).toEqual(['Back again.']);
  });

  it('runs a turn again when the engine stopped during its LLM call', async () => {
    harness = new EngineHarness({ pacing: 'off' });
    const chat = harness.directChat();
    harness.llm.hang();
    harness.say(chat, 'hello');
    await harness.advance(6_000);
    expect(harness.engine.graph(harness.conversation(chat))!.nodes[0]).toMatchObject({ status: 'active' });

    await harness.restart();
    const stored = harness.store.taskGraphs.get(harness.conversation(chat))!;
    expect(stored.nodes.find((node) => node.kind === 'received')?.status).toBe('pending');
    harness.llm.reply([{ kind: 'send', text: 'Sorry, where were we?' }]);
    await harness.advance(1_000);
    expect(harness.llm.queries).toHaveLength(2);
    expect(harness.agentTexts(chat)).toEqual(['Sorry, where were we?']);
  });

  it('sends again with the same key after a crash between the send and its bookkeeping, and the message appears once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'troupe-crash-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const databaseFile = join(dir, 'troupe.db');
    harness = new EngineHarness({ pacing: 'off', databaseFile });
    const chat = harness.directChat();
    harness.llm.reply([
      { kind: 'send', text: 'Only once.' },
      { kind: 'wait', delay: 60 },
    ]);
    harness.say(chat, 'hello');
    await harness.advance(6_000);
    expect(harness.agentTexts(chat)).toEqual(['Only once.']);
    const conversation = harness.conversation(chat);
    const send = harness.engine.graph(conversation)!.nodes.find((node) => node.kind === 'send')!;
    const key = harness.store.outboundSends.find(conversation, send.id)!.idempotencyKey;

    // The state a crash right after the network call leaves: the key journalled, no message id, the task active.
    await harness.engine.stop();
    withRawDatabase(databaseFile, (db) => {
      db.prepare('UPDATE outbound_sends SET message_id = NULL, sent_at = NULL').run();
      db.prepare("UPDATE task_nodes SET status = 'active' WHERE id = ?").run(send.id);
    });

    await harness.restart();
    await harness.advance(1_000);
    expect(harness.agentTexts(chat)).toEqual(['Only once.']);
    const entry = harness.store.outboundSends.find(conversation, send.id)!;
    expect(entry).toMatchObject({ idempotencyKey: key, messageId: harness.messages(chat).at(-1)!.messageId });
    expect(harness.engine.graph(conversation)!.nodes.find((node) => node.id === send.id)!.status).toBe(
      'done',
    );
  });

  it('keeps answering new messages after a restart', async () => {
    harness = new EngineHarness({ pacing: 'off' });
    const chat = harness.directChat();
    harness.say(chat, 'one');
    await harness.advance(6_000);
    await harness.restart();
    harness.llm.reply([{ kind: 'send', text: 'Still here.' }]);
    harness.say(chat, 'two');
    await harness.advance(6_000);
    expect(harness.agentTexts(chat)).toEqual(['Still here.']);
  });
});
