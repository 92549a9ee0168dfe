import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/main/clock';
import { createNode, type TaskNode } from '../../../src/main/engine/graph/task-graph';
import { ChatLookups } from '../../../src/main/engine/inbound/chat-lookups';
import { classifyTaskFailure } from '../../../src/main/engine/tasks/classify-failure';
import { sendMediaHandler } from '../../../src/main/engine/tasks/outbound-tasks';
import type { GraphTaskDeps } from '../../../src/main/engine/tasks/task-deps';
import { PermanentTaskError, type TaskResult } from '../../../src/main/engine/tasks/task-handler';
import { createLogger } from '../../../src/main/logging';
import {
  MediaNotFoundError,
  type MessagingPort,
  type OutboundMedia,
  type SentMessage,
} from '../../../src/main/messaging/port';
import { openStore, type Store } from '../../../src/main/store';
import { agentConfig } from '../../support/agent-config';
import { DIRECT, graphOf, NOW } from './graph-fixtures';

const PHOTO = 'AgADphoto1';

interface SendCall {
  channelId: number;
  media: OutboundMedia;
}

describe('the send_media task', () => {
  let store: Store;
  let clock: ManualClock;
  let calls: SendCall[];
  /** What the fake port does on a send; records the call first. */
  let onSend: (media: OutboundMedia) => SentMessage;

  beforeEach(() => {
    clock = new ManualClock(NOW);
    store = openStore({
      file: ':memory:',
      logger: createLogger({ level: 'silent' }),
      now: () => clock.now(),
    });
    calls = [];
    onSend = () => ({ messageId: 77, duplicate: false });
  });

  afterEach(() => store.close());

  function deps(): GraphTaskDeps {
    const port: Pick<MessagingPort, 'sendMedia'> = {
      sendMedia: async (_agent, channelId, media) => {
        calls.push({ channelId, media });
        return onSend(media);
      },
    };
    return {
      port: port as MessagingPort,
      store,
      clock,
      logger: createLogger({ level: 'silent' }),
      requestTurn: async () => false,
    };
  }

  function mediaNode(params: Record<string, unknown>): TaskNode {
    return createNode({ id: 'send_media-1', kind: 'send_media', params }, clock.now());
  }

  function run(node: TaskNode): Promise<TaskResult> {
    const graph = graphOf([]);
    graph.add(node);
    const taskDeps = deps();
    return sendMediaHandler(taskDeps)({
      conversation: DIRECT,
      graph,
      node,
      agent: agentConfig({ configName: 'Ada' }),
      signal: new AbortController().signal,
      lookups: new ChatLookups(taskDeps.port, DIRECT),
    });
  }

  it('journals the idempotency key before the send, and the message id once it went out', async () => {
    onSend = (media) => {
      // At the moment of the network call the key is already committed, without a message id.
      expect(store.outboundSends.find(DIRECT, 'send_media-1')).toEqual({
        idempotencyKey: media.idempotencyKey,
        taskId: 'send_media-1',
        kind: 'media',
        createdAt: NOW.toISOString(),
        messageId: null,
        sentAt: null,
      });
      clock.advance(1_500);
      return { messageId: 77, duplicate: false };
    };
    const result = await run(mediaNode({ unique_id: PHOTO, reply_to: 12 }));
    expect(calls).toEqual([
      {
        channelId: DIRECT.channelId,
        media: { uniqueId: PHOTO, replyTo: 12, idempotencyKey: expect.any(String) },
      },
    ]);
    expect(result.log).toEqual({ uniqueId: PHOTO, messageId: 77 });

    result.record!();
    expect(store.outboundSends.find(DIRECT, 'send_media-1')).toMatchObject({
      idempotencyKey: calls[0]!.media.idempotencyKey,
      messageId: 77,
      sentAt: new Date(NOW.getTime() + 1_500).toISOString(),
    });
  });

  it('sends without a reply when the task names none', async () => {
    await run(mediaNode({ unique_id: PHOTO }));
    expect(calls[0]!.media.replyTo).toBeNull();
  });

  it('sends again with the same key after an interrupted send, and not at all once recorded', async () => {
    onSend = () => {
      throw new Error('connection lost');
    };
    await expect(run(mediaNode({ unique_id: PHOTO }))).rejects.toThrow('connection lost');
    const key = calls[0]!.media.idempotencyKey;

    onSend = () => ({ messageId: 77, duplicate: true });
    const retried = await run(mediaNode({ unique_id: PHOTO }));
    expect(calls.map((call) => call.media.idempotencyKey)).toEqual([key, key]);
    expect(retried.log).toEqual({ uniqueId: PHOTO, messageId: 77, duplicate: true });
    retried.record!();

    const again = await run(mediaNode({ unique_id: PHOTO }));
    expect(calls).toHaveLength(2);
    expect(again.log).toEqual({ uniqueId: PHOTO, messageId: 77, alreadySent: true });
  });

  it('fails for good, naming the id, when the library has no such media', async () => {
    onSend = (media) => {
      throw new MediaNotFoundError(media.uniqueId);
    };
    const error = await run(mediaNode({ unique_id: 'AgADnope' })).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MediaNotFoundError);
    expect(classifyTaskFailure(error)).toEqual({
      message: 'The agent has no media with unique id "AgADnope" in its library.',
      retryable: false,
      retryAfterSeconds: null,
    });
  });

  it('fails for good without sending or journalling when the unique id is missing', async () => {
    const error = await run(mediaNode({ reply_to: 3 })).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PermanentTaskError);
    expect((error as Error).message).toBe('send_media task: unique_id is required');
    expect(classifyTaskFailure(error).retryable).toBe(false);
    expect(calls).toEqual([]);
    expect(store.outboundSends.find(DIRECT, 'send_media-1')).toBeNull();
  });
});
