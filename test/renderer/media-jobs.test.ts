import { beforeEach, describe, expect, it } from 'vitest';
import { errorMessage, fieldErrors } from '../../src/renderer/api/errors';
import {
  jobDirectory,
  jobPercent,
  jobPlace,
  jobProgressLabel,
  panelJobs,
  stickerSetInput,
} from '../../src/renderer/features/media/jobs-model';
import { createMediaStore, type MediaStore } from '../../src/renderer/features/media/store';
import type { MediaJob, MediaJobParams } from '../../src/shared/api/media-contract';
import { createConversationStores, feedFromRuntimeEvents } from './support/conversation-stores';
import { mediaRecord } from './support/fake-media';
import { agentConfig, deferred, FakeRuntime, runtimeState, settle } from './support/fake-runtime';

const SAMPLES = '/config/samples';
const inSamples = { kind: 'curated', configDir: SAMPLES } as const;
const DESCRIBE_SAMPLES: MediaJobParams = { kind: 'describe-missing', location: inSamples, setName: null };

function job(overrides: Partial<MediaJob>): MediaJob {
  return {
    id: 1,
    params: DESCRIBE_SAMPLES,
    status: 'running',
    total: 40,
    done: 0,
    kept: 0,
    failed: 0,
    error: null,
    createdAt: '2025-06-01T12:00:00.000Z',
    updatedAt: '2025-06-01T12:00:00.000Z',
    ...overrides,
  };
}

describe('media jobs, as the console shows them', () => {
  it('takes a sticker set by its short name or by any of its links', () => {
    for (const text of [
      'CuteCats_2',
      '  CuteCats_2 ',
      'https://t.me/addstickers/CuteCats_2',
      't.me/addstickers/CuteCats_2/',
      'https://telegram.me/addstickers/CuteCats_2?ref=x',
      'tg://addstickers?set=CuteCats_2',
    ]) {
      expect(stickerSetInput(text)).toEqual({ name: 'CuteCats_2' });
    }
  });

  it('says what is wrong with what is not a set', () => {
    expect(stickerSetInput(' ')).toEqual({
      problem: 'Name the sticker set, or paste its t.me/addstickers link.',
    });
    for (const text of ['cute cats', 'https://t.me/joinchat/abc', 'https://t.me/addstickers/']) {
      expect(stickerSetInput(text)).toHaveProperty('problem');
    }
  });

  it('names where a job works as the directory pickers do, a long path by its end', () => {
    const long = '/tmp/troupe-demo-JNDet7/samples';
    const importing = job({
      params: { kind: 'import-set', agent: 'Juniper', network: 'telegram', setName: 'Cats', configDir: long },
    });
    expect(jobPlace(importing, [long, '/tmp/troupe-demo-JNDet7/configdir'])).toBe(
      'into …/samples, through Juniper',
    );
    expect(jobDirectory(importing)).toBe(long);
    const cached = job({ params: { kind: 'describe-missing', location: { kind: 'cache' }, setName: null } });
    expect(jobPlace(cached, [])).toBe('in Description cache');
    expect(jobDirectory(cached)).toBeNull();
  });

  it('words a job’s progress from queued to done, with what failed', () => {
    expect(jobProgressLabel(job({ status: 'queued', total: null }))).toBe('Waiting for the jobs before it');
    expect(jobProgressLabel(job({ total: null }))).toBe('Listing what to do…');
    expect(jobPercent(job({ total: null }))).toBeNull();
    expect(jobProgressLabel(job({ done: 12, failed: 2 }))).toBe('12 of 40 items described · 2 failed');
    expect(jobPercent(job({ done: 12, failed: 2 }))).toBe(35);
    expect(
      jobProgressLabel(
        job({
          params: {
            kind: 'import-set',
            agent: 'Juniper',
            network: 'telegram',
            setName: 'Cats',
            configDir: SAMPLES,
          },
          done: 1,
          total: 1,
          status: 'done',
        }),
      ),
    ).toBe('1 of 1 sticker imported');
    const importCats = {
      kind: 'import-set',
      agent: 'Juniper',
      network: 'telegram',
      setName: 'Cats',
      configDir: SAMPLES,
    } as const;
    const partly = job({ params: importCats, total: 3, done: 1, kept: 2, status: 'done' });
    expect(jobProgressLabel(partly)).toBe('1 of 3 stickers imported · 2 described already');
    expect(jobPercent(partly)).toBe(100);
    expect(jobProgressLabel(job({ params: importCats, status: 'done', total: 0 }))).toBe(
      'The set has no stickers',
    );
    expect(jobProgressLabel(job({ status: 'done', total: 0 }))).toBe('Nothing to do');
    expect(jobPercent(job({ status: 'done', total: 0 }))).toBe(100);
  });

  it('lists every running and queued job, and the finished ones the operator has not dismissed', () => {
    const jobs = [
      job({ id: 7, status: 'queued', total: null }),
      job({ id: 6, status: 'running' }),
      ...[5, 4, 3, 2, 1].map((id) => job({ id, status: id === 3 ? 'failed' : 'done' })),
    ];

    const ids = (listed: MediaJob[]) => listed.map((listedJob) => listedJob.id);
    const all = panelJobs(jobs, []);
    expect(ids(all.active)).toEqual([7, 6]);
    expect(ids(all.finished)).toEqual([5, 4, 3, 2, 1]);
    // A running job cannot be dismissed: it stays whatever the ids say.
    const some = panelJobs(jobs, [6, 5, 3]);
    expect(ids(some.active)).toEqual([7, 6]);
    expect(ids(some.finished)).toEqual([4, 2, 1]);
  });
});

describe('media jobs store', () => {
  let runtime: FakeRuntime;
  let store: MediaStore;
  const actions = () => store.getState().actions;
  const shownJob = (id: number) => store.getState().jobs.value.find((candidate) => candidate.id === id);

  beforeEach(() => {
    runtime = new FakeRuntime();
    runtime.agents = [{ config: agentConfig({ configName: 'Juniper' }), runtime: runtimeState('Juniper') }];
    runtime.media.seed(
      mediaRecord('cat-wave', { stickerSetName: 'Cats', description: null, status: 'budget_exhausted' }),
      mediaRecord('cat-sleep', { stickerSetName: 'Cats', description: 'A cat asleep' }),
      mediaRecord('dog-run', { stickerSetName: 'Dogs', description: null, status: 'temporary_failure' }),
      mediaRecord('logo', { description: null, status: 'curated' }),
    );
    store = createMediaStore(runtime.client, { changeDelayMs: 0 });
    feedFromRuntimeEvents(runtime.client, {
      conversations: createConversationStores(runtime.client),
      media: store,
    });
  });

  it('follows a job from queued to done through media.jobChanged alone, and the list gets the new descriptions', async () => {
    actions().follow();
    await actions().loadJobs();
    const listsBefore = runtime.callsOf('media.list').length;

    const started = await actions().startJob(DESCRIBE_SAMPLES);
    expect(shownJob(started.id)).toMatchObject({ status: 'queued', total: null });

    runtime.media.jobs.runNext();
    expect(shownJob(started.id)).toMatchObject({ status: 'running', total: 2, done: 0 });
    runtime.media.jobs.step();
    expect(shownJob(started.id)).toMatchObject({ status: 'running', done: 1, failed: 0 });
    runtime.media.jobs.step({ fail: true });
    await settle();

    expect(shownJob(started.id)).toMatchObject({ status: 'done', total: 2, done: 1, failed: 1 });
    expect(runtime.callsOf('media.jobs')).toHaveLength(1);
    // The job's end fetches the list shown again.
    expect(runtime.callsOf('media.list').length).toBeGreaterThan(listsBefore);
    const described = store.getState().list.entries.find((entry) => entry.record.uniqueId === 'cat-wave');
    expect(described?.record.description).toBe('Described again: cat-wave');
  });

  it('describes only the set asked for, and only what has no description and is not settled', async () => {
    await actions().startJob({ ...DESCRIBE_SAMPLES, setName: 'Dogs' });
    expect(runtime.media.jobs.runNext()).toMatchObject({ total: 1 });

    await actions().startJob(DESCRIBE_SAMPLES);
    runtime.media.jobs.step();
    const all = runtime.media.jobs.runNext();

    // cat-wave only: dog-run was described by the first job, the curated logo is settled.
    expect(all.total).toBe(1);
  });

  it('cancels a running job, and leaves a finished one as it ended', async () => {
    const { id } = await actions().startJob(DESCRIBE_SAMPLES);
    runtime.media.jobs.runNext();
    runtime.media.jobs.step();

    await actions().cancelJob(id);
    expect(shownJob(id)).toMatchObject({ status: 'cancelled', done: 1 });
    expect(() => runtime.media.jobs.step()).toThrow();

    await actions().cancelJob(id);
    expect(shownJob(id)?.status).toBe('cancelled');
    const missing = await actions()
      .cancelJob(99)
      .catch((error: unknown) => error);
    expect(errorMessage(missing)).toBe('There is no media job 99.');
  });

  it('dismisses finished jobs in this console only, and never one still queued or running', async () => {
    const first = await actions().startJob(DESCRIBE_SAMPLES);
    await actions().cancelJob(first.id);
    const second = await actions().startJob(DESCRIBE_SAMPLES);

    actions().dismissJobs([first.id, second.id]);
    expect(store.getState().dismissedJobs).toEqual([first.id]);
    actions().dismissJobs([first.id]);
    expect(store.getState().dismissedJobs).toEqual([first.id]);

    // Listed again (a reconnect), a dismissed job stays dismissed; the runtime still has it.
    await actions().loadJobs();
    expect(panelJobs(store.getState().jobs.value, store.getState().dismissedJobs).finished).toEqual([]);
    expect(shownJob(first.id)?.status).toBe('cancelled');
    expect(runtime.callsOf('media.cancelJob')).toHaveLength(1);
  });

  it('refuses an import with no set named, on its field, and into a directory that is not a config directory', async () => {
    const noSet = await actions()
      .startJob({
        kind: 'import-set',
        agent: 'Juniper',
        network: 'telegram',
        setName: ' ',
        configDir: SAMPLES,
      })
      .catch((error: unknown) => error);
    expect(fieldErrors(noSet).setName).toBe(
      'Name the sticker set (its short name, as in t.me/addstickers/NAME).',
    );

    const elsewhere = await actions()
      .startJob({
        kind: 'import-set',
        agent: 'Juniper',
        network: 'telegram',
        setName: 'Cats',
        configDir: '/tmp',
      })
      .catch((error: unknown) => error);
    expect(errorMessage(elsewhere)).toBe('/tmp is not one of the config directories.');
    expect(store.getState().jobs.value).toEqual([]);
  });

  it('imports a set sticker by sticker, and fails a set that does not exist with the reason', async () => {
    runtime.media.configDirs = [SAMPLES];
    const imported = await actions().startJob({
      kind: 'import-set',
      agent: 'Juniper',
      network: 'telegram',
      setName: 'winniethepooh',
      configDir: SAMPLES,
    });
    runtime.media.jobs.runNext();
    runtime.media.jobs.step();
    runtime.media.jobs.step();
    expect(shownJob(imported.id)).toMatchObject({ status: 'done', done: 2 });
    expect(runtime.media.at('sticker-pooh-honey', inSamples)?.stickerSetName).toBe('WinnieThePooh');

    const missing = await actions().startJob({
      kind: 'import-set',
      agent: 'Juniper',
      network: 'telegram',
      setName: 'NoSuchSet',
      configDir: SAMPLES,
    });
    runtime.media.jobs.runNext();
    expect(shownJob(missing.id)).toMatchObject({
      status: 'failed',
      error: 'There is no sticker set "NoSuchSet".',
    });
  });

  it('keeps a change that came while the jobs were loading over the older answer', async () => {
    const { id } = await actions().startJob(DESCRIBE_SAMPLES);
    runtime.media.jobs.runNext();
    const answer = deferred<void>();
    runtime.handle('media.jobs', async () => {
      const listed = runtime.media.answer('media.jobs', {}) as { jobs: MediaJob[] };
      await answer.promise;
      return listed;
    });

    const loading = actions().loadJobs();
    await settle();
    runtime.media.jobs.step();
    answer.resolve();
    await loading;

    expect(shownJob(id)).toMatchObject({ status: 'running', done: 1 });
  });

  it('keeps the jobs shown when a reload fails, and says why when there were none', async () => {
    runtime.handle('media.jobs', () => {
      throw new Error('The Troupe server cannot be reached.');
    });
    await actions().loadJobs();
    expect(store.getState().jobs).toMatchObject({
      status: 'error',
      error: 'The Troupe server cannot be reached.',
    });
  });
});
