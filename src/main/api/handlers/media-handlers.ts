import { ApiError } from '../../../shared/api';
import { MediaEditError, type MediaJobs, type MediaLibrary } from '../../media';
import type { ApiHandlers } from '../dispatcher';

type MediaProcedure = Exclude<
  Extract<keyof ApiHandlers, `media.${string}`>,
  'media.library' | 'media.addToLibrary' | 'media.removeFromLibrary'
>;

const API_CODES = {
  not_found: 'not_found',
  invalid: 'invalid_input',
  conflict: 'conflict',
  unavailable: 'unavailable',
} as const;

async function editing<T>(edit: () => Promise<T>): Promise<T> {
  try {
    return await edit();
  } catch (error) {
    if (error instanceof MediaEditError) throw new ApiError(API_CODES[error.kind], error.message);
    throw error;
  }
}

/** The media-description editor: curated records and the description cache (see MediaLibrary). */
export function createMediaHandlers(deps: {
  library: MediaLibrary;
  jobs: MediaJobs;
  configDirs: () => readonly string[];
  agentExists: (configName: string) => boolean;
}): Pick<ApiHandlers, MediaProcedure> {
  const { library } = deps;
  return {
    'media.directories': () => ({ directories: library.directories() }),
    'media.list': (input) => library.list(input),
    'media.get': ({ uniqueId }) => {
      const records = library.get(uniqueId);
      if (records.length === 0) throw new ApiError('not_found', `No record describes ${uniqueId}.`);
      return { records };
    },
    'media.setDescription': ({ uniqueId, description, configDir }) =>
      editing(async () => ({ record: await library.setDescription(uniqueId, description, configDir) })),
    'media.describeAgain': ({ uniqueId, location }) =>
      editing(async () => ({ record: await library.describeAgain(uniqueId, location) })),
    'media.move': ({ uniqueId, from, to }) =>
      editing(async () => ({ record: await library.move(uniqueId, from, to) })),
    'media.delete': ({ uniqueId, location }) =>
      editing(async () => {
        await library.delete(uniqueId, location);
        return { deleted: true as const };
      }),
    'media.startJob': (params) => {
      if (params.kind === 'import-set') {
        if (!deps.agentExists(params.agent)) {
          throw new ApiError('invalid_input', `There is no agent named ${params.agent}.`, [
            { path: 'agent', message: 'Choose an agent of the configuration.' },
          ]);
        }
        if (!deps.configDirs().includes(params.configDir)) {
          throw new ApiError('invalid_input', `${params.configDir} is not one of the config directories.`, [
            { path: 'configDir', message: 'Choose one of the config directories.' },
          ]);
        }
      }
      return { job: deps.jobs.create(params) };
    },
    'media.jobs': () => ({ jobs: deps.jobs.recent() }),
    'media.cancelJob': ({ id }) => {
      const job = deps.jobs.cancel(id);
      if (!job) throw new ApiError('not_found', `There is no media job ${id}.`);
      return { job };
    },
    'media.removeUnused': ({ olderThanDays }) =>
      editing(async () => ({ removed: await library.removeUnused(olderThanDays) })),
  };
}
