import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConversationRuntimeHandle } from '../../../src/main/runtime/types';
import type { MediaJob, MediaRecordView } from '../../../src/shared/api/media-contract';
import { callApi, waitFor } from '../../support/engine-harness';
import type { FakeLlmServer } from '../../support/fake-llm-server';
import { type LlmRuntime, startLlmRuntime } from '../../support/llm-runtime';

const PHOTO = new Uint8Array(readFileSync(join(import.meta.dirname, '../../fixtures/media/photo.png')));

describe('media jobs: describing what has no description, cancelled or carried on after a restart', () => {
  let bed: LlmRuntime;
  let llm: FakeLlmServer;
  // The current runtime (a restart replaces it).
  let runtime: ConversationRuntimeHandle;

  beforeEach(async () => {
    bed = await startLlmRuntime('media-jobs');
    ({ llm, runtime } = bed);
  });

  afterEach(() => bed.close());

  /** A photo whose description failed for now (the model was overloaded). */
  async function failedPhoto(): Promise<string> {
    llm.media.failWith({
      status: 503,
      body: { error: { code: 503, message: 'overloaded', status: 'UNAVAILABLE' } },
    });
    const { chat, people } = runtime.simulator.createChat('Ada', {
      kind: 'direct',
      people: [{ firstName: 'Pat' }],
    });
    const sent = runtime.simulator.sendFileAsPerson('Ada', chat.channelId, people[0]!.id, {
      kind: 'photo',
      bytes: PHOTO,
    });
    const uniqueId = (sent.parts[0] as { uniqueId: string }).uniqueId;
    await waitFor(
      async () => (await cachedStatus(uniqueId)) === 'temporary_failure',
      'the failure to be kept',
    );
    return uniqueId;
  }

  async function cachedStatus(uniqueId: string): Promise<string | undefined> {
    const { records } = (await callApi(runtime, 'media.list', { location: { kind: 'cache' } })) as {
      records: MediaRecordView[];
    };
    return records.find((record) => record.uniqueId === uniqueId)?.status;
  }

  const describeMissing = async () =>
    (
      (await callApi(runtime, 'media.startJob', {
        kind: 'describe-missing',
        location: { kind: 'cache' },
        setName: null,
      })) as { job: MediaJob }
    ).job;

  const job = async (id: number) =>
    ((await callApi(runtime, 'media.jobs')) as { jobs: MediaJob[] }).jobs.find(
      (candidate) => candidate.id === id,
    );

  it('describes every cached record that has none', async () => {
    const uniqueId = await failedPhoto();
    llm.media.replyWith('a test card of coloured squares');
    const started = { job: await describeMissing() };
    const done = await waitFor(
      async () => ((await job(started.job.id))?.status === 'done' ? job(started.job.id) : null),
      'the job',
    );
    expect(done).toMatchObject({ total: 1, done: 1, failed: 0 });
    expect(await cachedStatus(uniqueId)).toBe('generated');
  });

  it('stops a job when cancelled', async () => {
    await failedPhoto();
    llm.media.hang();
    const started = { job: await describeMissing() };
    await waitFor(async () => (await job(started.job.id))?.status === 'running', 'the job to run');
    const { job: cancelled } = (await callApi(runtime, 'media.cancelJob', { id: started.job.id })) as {
      job: MediaJob;
    };
    expect(cancelled.status).toBe('cancelled');
    await expect(callApi(runtime, 'media.cancelJob', { id: 999 })).rejects.toThrow(/not_found/);
  });

  it('carries on with a job a stop interrupted when Troupe starts again', async () => {
    const uniqueId = await failedPhoto();
    llm.media.hang();
    const started = { job: await describeMissing() };
    // The model has the job's request (and holds it) when Troupe stops.
    await waitFor(() => llm.mediaRequests.length === 2, 'the job to ask the model');
    llm.media.replyWith('a test card, described after the restart');
    await bed.restart();
    runtime = bed.runtime;
    const done = await waitFor(
      async () => ((await job(started.job.id))?.status === 'done' ? job(started.job.id) : null),
      'the job to finish',
    );
    expect(done).toMatchObject({ done: 1, failed: 0 });
    expect(await cachedStatus(uniqueId)).toBe('generated');
  });
});
