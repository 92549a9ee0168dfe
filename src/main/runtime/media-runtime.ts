import type { Network } from '../../shared/api';
import type { EventHub } from '../api/event-hub';
import type { Clock } from '../clock';
import type { ConfigService } from '../config';
import type { LlmRouter } from '../llm';
import type { Logger } from '../logging';
import { type CuratedMedia, MediaDescriptions, MediaJobs, MediaLibrary } from '../media';
import type { MessagingPort } from '../messaging/port';
import type { Store } from '../store';
import { createMediaFileSource, type MediaFileSource } from './media-file-source';

export interface MediaRuntime {
  /** The description chain the engines describe their turns' media with. */
  descriptions: MediaDescriptions;
  /** The media editor's operations. */
  library: MediaLibrary;
  jobs: MediaJobs;
  /** The files of the console's media route. */
  files: MediaFileSource;
  /** Carries on with interrupted jobs; call once the networks run. */
  startJobs(): void;
  stopJobs(): Promise<void>;
  stopDescriptions(): Promise<void>;
}

/**
 * Media for the runtime: the description chain both engines share, the editor's library and
 * jobs over the curated records and the cache, and the console's file source; every change is
 * announced (`media.changed`, `media.jobChanged`). `port` names each network's port, the
 * Telegram one being built after the chain it uses.
 */
export async function createMediaRuntime(deps: {
  store: Store;
  curated: CuratedMedia;
  config: ConfigService;
  llm: LlmRouter;
  events: EventHub;
  clock: Clock;
  logger: Logger;
  filesDir: string;
  port: (network: Network) => MessagingPort | null;
}): Promise<MediaRuntime> {
  const { store, curated, config, events } = deps;
  const descriptions = new MediaDescriptions({
    store,
    curated,
    llm: deps.llm,
    prompts: () => config.internalPrompts,
    settings: () => store.settings.get().media,
    logger: deps.logger,
    filesDir: deps.filesDir,
    onDescribed: (uniqueId) => events.emit('media.changed', { uniqueIds: [uniqueId] }),
  });
  await descriptions.start();
  const library = new MediaLibrary({
    curated,
    chain: descriptions.chain,
    files: descriptions.files,
    store,
    reloadCurated: async () => {
      await curated.reload(config.config.configDirs);
    },
    savedBy: (uniqueId) => descriptions.savedMessages.savedBy(uniqueId),
    onChanged: (uniqueIds) => events.emit('media.changed', { uniqueIds }),
    now: () => deps.clock.now(),
  });
  const jobs = new MediaJobs({
    store,
    library,
    port: deps.port,
    logger: deps.logger.child({ module: 'media-jobs' }),
    onChanged: (job) => events.emit('media.jobChanged', { job }),
  });
  return {
    descriptions,
    library,
    jobs,
    files: createMediaFileSource({ curated, media: descriptions, port: deps.port, logger: deps.logger }),
    startJobs: () => jobs.start(),
    stopJobs: () => jobs.stop(),
    stopDescriptions: () => descriptions.stop(),
  };
}
