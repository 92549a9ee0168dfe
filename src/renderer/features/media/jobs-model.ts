import type { MediaJob } from '../../../shared/api/media-contract';
import { pluralize } from '../../ui/format';
import { configDirLabel, locationLabel } from './model';

/** Telegram's short names of sticker sets: letters, digits and underscores. */
const SET_NAME = /^[A-Za-z0-9_]{1,64}$/;
/** `t.me/addstickers/NAME` (with or without https://, telegram.me too) and `tg://addstickers?set=NAME`. */
const SET_LINKS = [
  /^(?:https?:\/\/)?(?:www\.)?(?:t|telegram)\.me\/addstickers\/([^/?#\s]+)\/?(?:[?#]\S*)?$/i,
  /^tg:\/\/addstickers\?set=([^&#\s]+)/i,
];

/** What the operator typed for a set: its short name, or why it is not one. */
export function stickerSetInput(text: string): { name: string } | { problem: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { problem: 'Name the sticker set, or paste its t.me/addstickers link.' };
  const linked = SET_LINKS.map((link) => link.exec(trimmed)?.[1]).find(Boolean) ?? trimmed;
  if (SET_NAME.test(linked)) return { name: linked };
  return {
    problem: 'A set’s short name is letters, digits and _ (as in t.me/addstickers/NAME).',
  };
}

export function isActive(job: MediaJob): boolean {
  return job.status === 'queued' || job.status === 'running';
}

/** The job's change in the list, newest first (a job the list did not have is new). */
export function withJob(jobs: readonly MediaJob[], job: MediaJob): MediaJob[] {
  return [...jobs.filter((candidate) => candidate.id !== job.id), job].sort((a, b) => b.id - a.id);
}

/** What the job does, in a heading. */
export function jobTitle({ params }: MediaJob): string {
  if (params.kind === 'import-set') return `Import sticker set ${params.setName}`;
  return params.setName === null ? 'Describe all missing' : `Describe what is missing in ${params.setName}`;
}

/** The config directory the job writes in; null for the description cache. */
export function jobDirectory({ params }: MediaJob): string | null {
  if (params.kind === 'import-set') return params.configDir;
  return params.location.kind === 'curated' ? params.location.configDir : null;
}

/**
 * Where the job works (and through whom an import fetches), a long directory by the label the
 * directory pickers give it among `configDirs` (`…/samples`).
 */
export function jobPlace(job: MediaJob, configDirs: readonly string[]): string {
  const { params } = job;
  const directory = jobDirectory(job);
  const where = directory === null ? locationLabel({ kind: 'cache' }) : configDirLabel(directory, configDirs);
  return params.kind === 'import-set' ? `into ${where}, through ${params.agent}` : `in ${where}`;
}

/** How far the job got, for its progress bar: null while it has not counted its items. */
export function jobPercent(job: MediaJob): number | null {
  if (job.total === null) return job.status === 'done' ? 100 : null;
  if (job.total === 0) return 100;
  return Math.min(100, Math.round(((job.done + job.kept + job.failed) / job.total) * 100));
}

/** "12 of 40 items described · 2 failed", "1 of 3 stickers imported · 2 described already", … */
export function jobProgressLabel(job: MediaJob): string {
  const importing = job.params.kind === 'import-set';
  if (job.total === null) {
    if (job.status === 'queued') return 'Waiting for the jobs before it';
    if (job.status === 'running') return 'Listing what to do…';
    return 'Nothing was done';
  }
  if (job.total === 0) return importing ? 'The set has no stickers' : 'Nothing to do';
  const kept = job.kept > 0 ? ` · ${job.kept} described already` : '';
  const failed = job.failed > 0 ? ` · ${job.failed} failed` : '';
  const items = pluralize(job.total, importing ? 'sticker' : 'item');
  return `${job.done} of ${items} ${importing ? 'imported' : 'described'}${kept}${failed}`;
}

/**
 * The jobs the panel lists: every queued or running one, and the finished ones not dismissed,
 * newest first (the panel shows the newest in one line until asked for all).
 */
export function panelJobs(
  jobs: readonly MediaJob[],
  dismissed: readonly number[],
): { active: MediaJob[]; finished: MediaJob[] } {
  const gone = new Set(dismissed);
  return {
    active: jobs.filter(isActive),
    finished: jobs.filter((job) => !isActive(job) && !gone.has(job.id)),
  };
}
