import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConversationRuntimeHandle } from '../../../src/main/runtime/types';
import type { EventName, EventPayload } from '../../../src/shared/api/contract';
import { callApi, startEngineRuntime } from '../../support/engine-harness';
import { type FakeLlmServer, startFakeLlmServer } from '../../support/fake-llm-server';
import { withRawDatabase } from '../../support/raw-database';

const FIXTURES = join(import.meta.dirname, '../../fixtures/media');

describe('conversation tools through the API: task log, translation and export', () => {
  let root: string;
  let llm: FakeLlmServer;
  let runtime: ConversationRuntimeHandle;
  const events: { name: EventName; payload: unknown }[] = [];
  let chat: { agent: string; network: 'simulator'; channelId: number };
  let personId: number;

  beforeEach(async () => {
    root = mkdtempSync(join(tmpdir(), 'troupe-conversation-tools-'));
    llm = await startFakeLlmServer();
    runtime = await startEngineRuntime({ root, geminiBaseUrl: llm.geminiBaseUrl });
    events.length = 0;
    runtime.events.subscribe((name, payload) => events.push({ name, payload }));
    const created = await callApi(runtime, 'simulator.createChat', {
      agent: 'Ada',
      kind: 'direct',
      people: [{ firstName: 'Pat' }],
    });
    chat = {
      agent: 'Ada',
      network: 'simulator',
      channelId: (created.chat as { channelId: number }).channelId,
    };
    personId = (created.people as { id: number }[])[0]!.id;
    // Only the operator writes here: no agent turn asks the model while a test scripts it.
    await callApi(runtime, 'conversations.updateParameters', { ...chat, operatorOnly: true });
  });

  afterEach(async () => {
    await runtime.close();
    await llm.close();
    rmSync(root, { recursive: true, force: true });
  });

  const say = async (text: string) =>
    (
      (await callApi(runtime, 'simulator.send', {
        agent: 'Ada',
        channelId: chat.channelId,
        personId,
        text,
      })) as {
        message: { messageId: number };
      }
    ).message;
  const eventsNamed = <E extends EventName>(name: E) =>
    events.filter((event) => event.name === name).map((event) => event.payload as EventPayload<E>);
  const translationCalls = () =>
    llm.requests.filter((request) => request.systemText.includes('Translate the text'));
  /** Answers the next translation call with each asked message's words in German. */
  const scriptTranslation = (ids: number[]) =>
    llm.replyWith(JSON.stringify({ translations: ids.map((id) => ({ id, text: `Übersetzt ${id}` })) }));
  const ledgerRows = () =>
    withRawDatabase(join(root, 'state', 'troupe.db'), (db) =>
      db
        .prepare(
          `SELECT agent_config_name AS agent, channel_id AS channelId, json_extract(details_json, '$.network') AS network
           FROM task_log WHERE action_kind = 'llm_usage' AND json_extract(details_json, '$.operation') = 'translate'`,
        )
        .all(),
    );

  it('translates in batches of 20, once per message and text, and prices each call as translate', async () => {
    const sent = [];
    for (let index = 0; index < 25; index++) sent.push(await say(`Message number ${index}`));
    const ids = sent.map((message) => message.messageId);
    scriptTranslation(ids.slice(0, 20));
    scriptTranslation(ids.slice(20));
    const messages = ids.map((messageId, index) => ({ messageId, text: `Message number ${index}` }));

    const first = await callApi(runtime, 'conversations.translate', { ...chat, language: 'de', messages });
    expect(first.translations).toHaveLength(25);
    expect(first.translations).toContainEqual({ messageId: ids[24], text: `Übersetzt ${ids[24]}` });
    expect(translationCalls()).toHaveLength(2);
    expect(translationCalls()[0]!.systemText).toContain('German');
    // Each batch was announced as it was done.
    expect(eventsNamed('conversation.translated').map((event) => event.translations.length)).toEqual([20, 5]);
    expect(ledgerRows()).toEqual([
      { agent: 'Ada', channelId: chat.channelId, network: 'simulator' },
      { agent: 'Ada', channelId: chat.channelId, network: 'simulator' },
    ]);

    // Asked again: all from the cache, no call.
    const again = await callApi(runtime, 'conversations.translate', { ...chat, language: 'de', messages });
    expect(again.translations).toEqual(first.translations);
    expect(translationCalls()).toHaveLength(2);

    // An edited text is translated again; the rest still come from the cache.
    scriptTranslation([ids[3]!]);
    const edited = messages.map((item) =>
      item.messageId === ids[3] ? { ...item, text: 'Changed words' } : item,
    );
    await callApi(runtime, 'conversations.translate', { ...chat, language: 'de', messages: edited });
    expect(translationCalls()).toHaveLength(3);
    expect(JSON.stringify(translationCalls()[2]!.body)).toContain('Changed words');
    expect(ledgerRows()).toHaveLength(3);
  });

  it('translates with the model Settings name for translations, else the conversation’s', async () => {
    const message = await say('Quick question');
    const messages = [{ messageId: message.messageId, text: 'Quick question' }];
    await callApi(runtime, 'settings.update', { translation: { model: 'gemini-2.5-flash-lite' } });
    scriptTranslation([message.messageId]);
    await callApi(runtime, 'conversations.translate', { ...chat, language: 'fr', messages });
    expect(translationCalls().map((request) => request.model)).toEqual(['gemini-2.5-flash-lite']);

    await callApi(runtime, 'settings.update', { translation: { model: '' } });
    scriptTranslation([message.messageId]);
    await callApi(runtime, 'conversations.translate', { ...chat, language: 'it', messages });
    expect(translationCalls().map((request) => request.model)).toEqual([
      'gemini-2.5-flash-lite',
      'gemini-2.5-flash',
    ]);
  });

  it('asks nothing for messages without words and says plainly when the model has no key', async () => {
    const empty = await callApi(runtime, 'conversations.translate', {
      ...chat,
      language: 'de',
      messages: [{ messageId: 1, text: '  ' }],
    });
    expect(empty.translations).toEqual([]);
    expect(translationCalls()).toHaveLength(0);

    const { messageId } = await say('Hello there');
    await callApi(runtime, 'secrets.clear', { name: 'gemini.apiKey' });
    const outcome = await runtime.dispatch('conversations.translate', {
      ...chat,
      language: 'de',
      messages: [{ messageId, text: 'Hello there' }],
    });
    // Settings mends it; the console sends the operator there instead of offering another try.
    expect(outcome).toMatchObject({
      ok: false,
      error: { code: 'unavailable', message: /Gemini API key/, details: { remedy: 'settings' } },
    });
  });

  it('refuses an answer that leaves a message out, keeping nothing of it', async () => {
    const a = await say('One');
    const b = await say('Two');
    llm.replyWith(JSON.stringify({ translations: [{ id: a.messageId, text: 'Eins' }] }));
    const outcome = await runtime.dispatch('conversations.translate', {
      ...chat,
      language: 'de',
      messages: [
        { messageId: a.messageId, text: 'One' },
        { messageId: b.messageId, text: 'Two' },
      ],
    });
    expect(outcome).toMatchObject({
      ok: false,
      error: { code: 'unavailable', message: /leaves out message/, details: { remedy: 'retry' } },
    });
    // The call still cost something.
    expect(ledgerRows()).toHaveLength(1);
  });

  it('gives the task log of a span and announces new rows live', async () => {
    const { messageId } = await say('Hola');
    const since = new Date(Date.now() - 60_000).toISOString();
    scriptTranslation([messageId]);
    await callApi(runtime, 'conversations.translate', {
      ...chat,
      language: 'en',
      messages: [{ messageId, text: 'Hola' }],
    });
    const logged = eventsNamed('conversation.taskLogged').filter(
      (event) => event.channelId === chat.channelId,
    );
    expect(logged.at(-1)).toMatchObject({
      ...chat,
      row: { kind: 'llm_usage', operation: 'translate', model: 'gemini-2.5-flash' },
    });
    const { rows } = (await callApi(runtime, 'conversations.taskLog', { ...chat, since })) as {
      rows: { kind: string; operation: string | null }[];
    };
    expect(rows.some((row) => row.kind === 'llm_usage' && row.operation === 'translate')).toBe(true);
    const before = await callApi(runtime, 'conversations.taskLog', { ...chat, since, until: since });
    expect(before.rows).toEqual([]);
  });

  it('exports the conversation as a zip: the page, escaped, with its media, task log and translations', async () => {
    const html = await say('<b>not bold</b> & "quoted"');
    const photo = readFileSync(join(FIXTURES, 'photo.png'));
    const sentPhoto = (await callApi(runtime, 'simulator.sendFile', {
      agent: 'Ada',
      channelId: chat.channelId,
      personId,
      kind: 'photo',
      fileName: 'photo.png',
      dataBase64: photo.toString('base64'),
      caption: 'Look',
    })) as { message: { messageId: number } };
    scriptTranslation([html.messageId, sentPhoto.message.messageId]);
    await callApi(runtime, 'conversations.translate', {
      ...chat,
      language: 'de',
      messages: [
        { messageId: html.messageId, text: '<b>not bold</b> & "quoted"' },
        { messageId: sentPhoto.message.messageId, text: 'Look' },
      ],
    });

    const file = await runtime.exportConversation!({
      ...chat,
      options: { summaries: true, taskLog: true, translationLanguage: 'de' },
      print: false,
      timeZone: 'UTC',
    });
    expect(file.fileName).toMatch(/^Ada-Pat-\d{4}-\d{2}-\d{2}\.zip$/);
    expect(file.contentType).toBe('application/zip');
    const entries = unzipSync(file.bytes);
    const page = strFromU8(entries['index.html']!);
    expect(page).toContain('&#60;b&#62;not bold&#60;/b&#62; &#38; &#34;quoted&#34;');
    expect(page).not.toContain('<b>not bold');
    expect(page).not.toContain('<script');
    const mediaName = `media/${sentPhoto.message.messageId}-1.png`;
    expect(Object.keys(entries)).toContain(mediaName);
    expect(entries[mediaName]).toEqual(new Uint8Array(photo));
    expect(page).toContain(`src="${mediaName}"`);
    expect(page).toContain(`Übersetzt ${html.messageId}`);
    expect(page).toContain('LLM translate');

    const print = await runtime.exportConversation!({
      ...chat,
      options: { summaries: false, taskLog: false, translationLanguage: null },
      print: true,
      timeZone: 'UTC',
    });
    const printed = new TextDecoder().decode(print.bytes);
    expect(print.contentType).toMatch(/^text\/html/);
    expect(printed).toContain(
      `src="/media/message/simulator/Ada/${chat.channelId}/${sentPhoto.message.messageId}/`,
    );
    expect(printed).not.toContain('LLM translate');
  });
});
