import type { ApiClient } from '../../../../shared/api/client';
import { MEDIA_JOB_STATUSES, type MediaJob } from '../../../../shared/api/media-contract';
import { errorMessage } from '../../../api/errors';
import { isActive, withJob } from '../jobs-model';
import type { ListSlice } from './list-slice';
import type { MediaActions, MediaState, SetMediaState } from './types';

export type JobsSlice = Pick<
  MediaActions,
  'loadJobs' | 'startJob' | 'cancelJob' | 'applyJobChanged' | 'dismissJobs'
>;

/** How far a job got: a job only moves forward (queued, running, ended; more items done). */
function progress(job: MediaJob): number {
  const stage = Math.min(MEDIA_JOB_STATUSES.indexOf(job.status), 2);
  return stage * 1e9 + job.done + job.failed;
}

/** Whether `a` is a later state of the job than `b` (a change can overtake a load's answer). */
function isLater(a: MediaJob, b: MediaJob): boolean {
  if (a.updatedAt !== b.updatedAt) return a.updatedAt > b.updatedAt;
  return progress(a) > progress(b);
}

/**
 * The media jobs: listed once a view asks, then moved on by `media.jobChanged` alone (no polling).
 * A job that ends has written records, so the list on screen is fetched again. Finished jobs the
 * operator dismissed are remembered here, by id, and left out of the panel.
 */
export function createJobsSlice(
  api: ApiClient,
  set: SetMediaState,
  get: () => MediaState,
  list: Pick<ListSlice, 'resync'>,
): JobsSlice {
  let request = 0;

  const applyJobChanged = (job: MediaJob) => {
    const before = get().jobs.value.find((candidate) => candidate.id === job.id);
    if (before && isLater(before, job)) return;
    set((s) => ({ jobs: { ...s.jobs, value: withJob(s.jobs.value, job) } }));
    if (!isActive(job) && (!before || isActive(before))) list.resync();
  };

  return {
    applyJobChanged,

    async loadJobs() {
      const mine = ++request;
      const shownOr = (status: 'loading' | 'error') => (get().jobs.status === 'ready' ? 'ready' : status);
      set((s) => ({ jobs: { ...s.jobs, status: shownOr('loading'), error: null } }));
      try {
        const { jobs } = await api.call('media.jobs', {});
        if (mine !== request) return;
        set((s) => {
          // Changes that came while the answer was on its way win over it; jobs started since stay.
          const current = new Map(s.jobs.value.map((job) => [job.id, job]));
          const newest = jobs[0]?.id ?? 0;
          const value = [
            ...s.jobs.value.filter((job) => job.id > newest),
            ...jobs.map((job) => {
              const seen = current.get(job.id);
              return seen && isLater(seen, job) ? seen : job;
            }),
          ];
          return { jobs: { status: 'ready', error: null, value } };
        });
      } catch (error) {
        if (mine === request)
          set((s) => ({ jobs: { ...s.jobs, status: shownOr('error'), error: errorMessage(error) } }));
      }
    },

    async startJob(params) {
      const { job } = await api.call('media.startJob', params);
      applyJobChanged(job);
      return job;
    },

    async cancelJob(id) {
      const { job } = await api.call('media.cancelJob', { id });
      applyJobChanged(job);
    },

    dismissJobs(ids) {
      const finished = new Set(
        get()
          .jobs.value.filter((job) => !isActive(job))
          .map((job) => job.id),
      );
      const dismissed = new Set(get().dismissedJobs);
      const more = ids.filter((id) => finished.has(id) && !dismissed.has(id));
      if (more.length > 0) set((s) => ({ dismissedJobs: [...s.dismissedJobs, ...more] }));
    },
  };
}
