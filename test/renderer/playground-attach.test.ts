import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { conversationSelectors } from '../../src/renderer/features/conversations/selectors';
import type { ConversationStore } from '../../src/renderer/features/conversations/store';
import { formatFileSize, toBase64 } from '../../src/renderer/features/playground/model/attachment';
import { playgroundSelectors } from '../../src/renderer/features/playground/selectors';
import { createPlaygroundStore, type PlaygroundStore } from '../../src/renderer/features/playground/store';
import { simulatedFileSizeProblem } from '../../src/shared/api/conversation-contract';
import { ApiError } from '../../src/shared/api/errors';
import type { ChatMsg } from '../../src/shared/domain/conversation';
import { createConversationStores, feedFromRuntimeEvents } from './support/conversation-stores';
import { agentConfig, deferred, FakeRuntime, runtimeState, settle } from './support/fake-runtime';

const AGENT = 'Juniper';

describe('playground: sending a file as a person', () => {
  let runtime: FakeRuntime;
  let conversations: ConversationStore;
  let playground: PlaygroundStore;
  let stop: () => void;
  let ref: { agent: string; channelId: number };
  let personId: number;

  beforeEach(async () => {
    runtime = new FakeRuntime();
    runtime.agents = [{ config: agentConfig({ configName: AGENT }), runtime: runtimeState(AGENT) }];
    runtime.agentReply = () => null;
    const stores = createConversationStores(runtime.client);
    conversations = stores.simulator;
    stop = feedFromRuntimeEvents(runtime.client, { conversations: stores });
    playground = createPlaygroundStore(runtime.client);
    const chat = runtime.seedChat(AGENT, 'direct', [{ firstName: 'Ada' }]);
    ref = { agent: AGENT, channelId: chat.info.channelId };
    personId = chat.people[0]!.id;
    conversations.getState().actions.openChat(ref);
    await settle();
  });

  afterEach(() => stop());

  const actions = () => playground.getState().actions;
  const draft = () => playgroundSelectors.attachment(ref)(playground.getState());
  const file = (bytes: Uint8Array<ArrayBuffer>, name: string) => new File([bytes], name);
  const sentInputs = () => runtime.callsOf('simulator.sendFile') as Record<string, unknown>[];

  it("sends the file's bytes with its caption and reply, then forgets it; the message reaches the chat", async () => {
    const bytes = Uint8Array.from({ length: 70_000 }, (_, index) => (index * 7) % 256);
    actions().attach(ref, 'photo', file(bytes, 'beach.jpg'));
    expect(draft()).toMatchObject({ kind: 'photo', fileName: 'beach.jpg', size: 70_000, problem: null });
    actions().editAttachment(ref, { caption: '  guess where  ' });

    const message = await actions().sendAttachment(ref, { personId, replyTo: null });

    const [input] = sentInputs();
    expect(input).toMatchObject({
      agent: AGENT,
      channelId: ref.channelId,
      personId,
      kind: 'photo',
      fileName: 'beach.jpg',
      caption: 'guess where',
      replyTo: null,
    });
    expect(Buffer.from(input!.dataBase64 as string, 'base64').equals(Buffer.from(bytes))).toBe(true);
    expect(input).not.toHaveProperty('stickerEmoji');
    expect(draft()).toBeUndefined();
    expect(message?.parts).toMatchObject([
      { kind: 'text', text: 'guess where' },
      { kind: 'media', mediaKind: 'photo', fileSize: 70_000 },
    ]);
    await settle();
    const { window } = conversationSelectors.timeline(ref)(conversations.getState())!;
    expect(window.ids).toContain(message!.messageId);
  });

  it('sends a sticker with its emoji and never a caption', async () => {
    actions().attach(ref, 'sticker', file(new Uint8Array([1, 2, 3]), 'cat.tgs'));
    actions().editAttachment(ref, { caption: 'left over', stickerEmoji: '🐱' });
    await actions().sendAttachment(ref, { personId, replyTo: 4 });
    expect(sentInputs()[0]).toMatchObject({ kind: 'sticker', stickerEmoji: '🐱', replyTo: 4 });
    expect(sentInputs()[0]).not.toHaveProperty('caption');
  });

  it('says at once that a file is too large or empty, and does not send it', async () => {
    actions().attach(ref, 'video', file(new Uint8Array(21 * 1024 * 1024), 'long.mov'));
    expect(draft()).toMatchObject({
      size: 21 * 1024 * 1024,
      problem: 'The file has 21.0 MB; the Simulator takes files up to 20 MB.',
    });
    expect(await actions().sendAttachment(ref, { personId, replyTo: null })).toBeNull();
    actions().attach(ref, 'document', file(new Uint8Array(0), 'empty.txt'));
    expect(draft()?.problem).toBe('The file is empty.');
    expect(await actions().sendAttachment(ref, { personId, replyTo: null })).toBeNull();
    expect(sentInputs()).toEqual([]);
  });

  it("keeps a refused file with the API's reason until it is changed, sent again or removed", async () => {
    runtime.handle('simulator.sendFile', () => {
      throw new ApiError(
        'invalid_input',
        '"menu.pdf" is a document (application/pdf), not an image: send it as a document.',
      );
    });
    actions().attach(ref, 'photo', file(new Uint8Array([37, 80, 68, 70]), 'menu.pdf'));
    expect(await actions().sendAttachment(ref, { personId, replyTo: null })).toBeNull();
    expect(draft()).toMatchObject({
      status: 'failed',
      error: '"menu.pdf" is a document (application/pdf), not an image: send it as a document.',
    });

    actions().editAttachment(ref, { caption: 'the menu' });
    expect(draft()).toMatchObject({ error: null, caption: 'the menu' });

    runtime.handle('simulator.sendFile', () => {
      throw new ApiError('invalid_input', 'Invalid input for simulator.sendFile.', [
        { path: 'caption', message: 'A caption has at most 1024 characters.' },
      ]);
    });
    await actions().sendAttachment(ref, { personId, replyTo: null });
    expect(draft()?.error).toBe('A caption has at most 1024 characters.');

    actions().discardAttachment(ref);
    expect(draft()).toBeUndefined();
  });

  it('does not send twice while a file is on its way, and keeps a file picked meanwhile', async () => {
    const answer = deferred<{ message: ChatMsg }>();
    runtime.handle('simulator.sendFile', () => answer.promise);
    actions().attach(ref, 'voice', file(new Uint8Array([1]), 'note.ogg'));
    const first = actions().sendAttachment(ref, { personId, replyTo: null });
    await settle();
    expect(draft()?.status).toBe('sending');
    expect(await actions().sendAttachment(ref, { personId, replyTo: null })).toBeNull();
    actions().attach(ref, 'document', file(new Uint8Array([2]), 'next.pdf'));
    answer.resolve({ message: runtime.personSays(AGENT, ref.channelId, personId, []) });
    await first;
    expect(draft()).toMatchObject({ fileName: 'next.pdf', status: 'ready' });
    expect(sentInputs()).toHaveLength(1);
  });
});

describe('playground: attachment helpers', () => {
  it('encodes bytes as base64 across chunks', () => {
    const bytes = Uint8Array.from({ length: 100_003 }, (_, index) => (index * 31) % 256);
    expect(toBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
  });

  it('formats file sizes for a glance', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(830 * 1024)).toBe('830 KB');
    expect(formatFileSize(2.44 * 1024 * 1024)).toBe('2.5 MB');
    // The size shown beside a refused file is the size its refusal names.
    expect(formatFileSize(21_000_000)).toBe('20.1 MB');
    expect(simulatedFileSizeProblem(21_000_000)).toContain('has 20.1 MB');
  });
});
