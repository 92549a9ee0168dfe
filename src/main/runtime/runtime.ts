import { join } from 'node:path';
import type { Network } from '../../shared/api';
import { createApiDispatcher } from '../api/dispatcher';
import { EventHub } from '../api/event-hub';
import { createAgentHandlers } from '../api/handlers/agent-handlers';
import { createAgentLifecycleHandlers } from '../api/handlers/agent-lifecycle-handlers';
import { createAppHandlers } from '../api/handlers/app-handlers';
import { archivedChats } from '../api/handlers/archived-chats';
import { createConfigHandlers } from '../api/handlers/config-handlers';
import { createConversationHandlers } from '../api/handlers/conversation-handlers';
import { createCopilotHandlers } from '../api/handlers/copilot-handlers';
import { createDocumentHandlers } from '../api/handlers/document-handlers';
import { createEventHandlers } from '../api/handlers/event-handlers';
import { createMediaHandlers } from '../api/handlers/media-handlers';
import { createMediaLibraryHandlers } from '../api/handlers/media-library-handlers';
import { createMemoryHandlers } from '../api/handlers/memory-handlers';
import { createPriceHandlers } from '../api/handlers/price-handlers';
import { createScheduleHandlers } from '../api/handlers/schedule-handlers';
import { createSecretHandlers } from '../api/handlers/secret-handlers';
import { createSettingsHandlers } from '../api/handlers/settings-handlers';
import { createSimulatorHandlers, requireAgent } from '../api/handlers/simulator-handlers';
import { createTelegramAccountHandlers } from '../api/handlers/telegram-account-handlers';
import { createTelegramHandlers } from '../api/handlers/telegram-handlers';
import { createTelegramMembershipHandlers, engineGags } from '../api/handlers/telegram-membership-handlers';
import { createUsageHandlers } from '../api/handlers/usage-handlers';
import { systemClock } from '../clock';
import { ConfigService, shippedConfigDirs } from '../config';
import { ConversationEngine } from '../engine';
import { createLlmRouter, embedderFromSettings } from '../llm';
import { CuratedMedia } from '../media';
import { startArchiveEmbedding } from '../memory';
import type { MessagingPort } from '../messaging/port';
import { Retriever, SafeFetcher } from '../retrieval';
import { SecretStore, verifySecretKey } from '../secrets';
import { createSimulator } from '../simulator';
import { DATABASE_FILE_NAME, openStore } from '../store';
import { AgentZoneWatch } from './agent-zone-watch';
import { scheduleArchiveIndexing } from './archive-indexing';
import { forwardConversationEvents } from './conversation-events';
import { createConversationTools } from './conversation-tools';
import { startDailySchedules } from './daily-schedules';
import { scheduleExchangePruning } from './exchange-retention';
import { limitHeapGrowth } from './heap-growth';
import { createMediaRuntime } from './media-runtime';
import { simulatedAgentAccount } from './simulated-agent-account';
import { runStopSteps } from './stop-steps';
import { scheduleTaskLogPruning } from './task-log-retention';
import { createTelegramRuntime, type TelegramRuntime } from './telegram-runtime';
import type { ConversationRuntimeHandle, RuntimeOptions } from './types';
import { announceLedgerRows } from './usage-events';
import { noticeWritesElsewhere } from './writes-elsewhere';

/** Closing the runtime takes at most this long, whatever Telegram or an LLM call is doing. */
export const RUNTIME_STOP_BUDGET_MS = 2_500;

/**
 * The composition root shared by the desktop app and the headless server: opens the store,
 * loads and watches the configuration, builds the Simulator, the LLM router and the conversation
 * engine, and wires the API handlers and events to them.
 */
export async function createRuntime(options: RuntimeOptions): Promise<ConversationRuntimeHandle> {
  limitHeapGrowth();
  const logger = options.logger.child({ module: 'runtime' });
  const clock = options.clock ?? systemClock;
  const events = new EventHub();
  const store = openStore({
    file: join(options.stateDir, DATABASE_FILE_NAME),
    logger: options.logger,
    now: () => clock.now(),
  });
  try {
    verifySecretKey({
      secrets: store.secrets,
      telegramSessions: store.telegramSessions,
      cipher: options.cipher,
      stateDir: options.stateDir,
      logger: options.logger,
    });
  } catch (error) {
    store.close();
    throw error;
  }
  const secrets = new SecretStore({
    repository: store.secrets,
    cipher: options.cipher,
    logger: options.logger,
    env: options.env,
  });
  secrets.onChange(() => events.emit('secrets.changed', { secrets: secrets.status() }));

  const serverTimeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const zoneWatch = new AgentZoneWatch({ store, defaultTimeZone: serverTimeZone, logger });
  const curated = new CuratedMedia();
  /** Set once built; a reload before then has nothing to wake. */
  let engine: ConversationEngine | null = null;
  let telegram: TelegramRuntime | null = null;
  const config = new ConfigService({
    env: options.env,
    cwd: options.cwd,
    override: options.configPathOverride,
    defaultDirs: options.defaultConfigDirs ?? shippedConfigDirs(options.appRoot),
    shippedDirs: shippedConfigDirs(options.appRoot),
    savedConfigPath: () => store.settings.get().configPath,
    logger: options.logger,
    onReloaded: (report) => {
      zoneWatch.reviewed(config.config.agents);
      events.emit('config.reloaded', report);
      curated
        .reload(report.configPath)
        .then((uniqueIds) => {
          if (uniqueIds.length > 0) events.emit('media.changed', { uniqueIds });
        })
        .catch((error: unknown) => logger.warn({ err: error }, 'reading the curated media failed'));
      // An agent enabled or added by the reload may have work waiting.
      engine?.refresh();
      void telegram?.service.reconcile();
    },
  });
  try {
    await config.start();
    await curated.reload(config.config.configDirs);
  } catch (error) {
    await config.close();
    store.close();
    throw error;
  }

  const agentNamed = (name: string) => config.config.agents.find((agent) => agent.configName === name);
  const simulator = createSimulator({
    store,
    clock,
    logger: options.logger,
    stickers: (name) => curated.stickersFor(agentNamed(name)),
    media: (name) => curated.libraryFor(agentNamed(name)),
    curatedFile: (uniqueId) => curated.fileBytes(uniqueId),
    agentAccount: (name) => simulatedAgentAccount(name, agentNamed(name)),
  });
  const llm = createLlmRouter({
    secrets,
    settings: () => store.settings.get(),
    env: options.env,
    logger: options.logger,
  });
  /** Each network's port; Telegram's is built below (its engine describes media with the chain). */
  const portOf = (network: Network): MessagingPort | null =>
    network === 'simulator' ? simulator : (telegram?.port ?? null);
  const mediaRuntime = await createMediaRuntime({
    store,
    curated,
    config,
    llm,
    events,
    clock,
    logger: options.logger,
    filesDir: join(options.stateDir, 'media'),
    port: portOf,
  });
  const media = mediaRuntime.descriptions;
  // The embedding model of the settings as they are now, for recall and the archive's vectors.
  const embedder = () =>
    embedderFromSettings({ secrets, settings: () => store.settings.get(), env: options.env });
  // One fetcher and page cache serve the agents of both networks.
  const fetcher = options.retrievalFetcher ?? new SafeFetcher();
  const retrieval = {
    retriever: new Retriever({ fetcher, store, clock }),
    configDirs: () => config.config.configDirs,
  };
  // The Simulator rehearses every loaded agent; the engine reads the agents live from the config.
  const simulatorEngine = new ConversationEngine({
    network: 'simulator',
    port: simulator,
    store,
    clock,
    logger: options.logger,
    agents: () => config.config.agents,
    prompts: () => config.prompts,
    internalPrompts: () => config.internalPrompts,
    embedder,
    media,
    retrieval,
    settings: () => store.settings.get(),
    llm,
    graphsFollowed: () => events.isHeard('conversation.graphChanged'),
    ...(options.engine ?? {}),
  });
  telegram = createTelegramRuntime({
    store,
    secrets,
    cipher: options.cipher,
    config,
    events,
    llm,
    embedder,
    media,
    retrieval,
    clock,
    env: options.env,
    logger: options.logger,
    engine: options.engine,
  });
  const telegramEngine = telegram.engine;
  const stopForwarding = forwardConversationEvents({
    events,
    simulator,
    telegram: telegram.port,
    engines: [simulatorEngine, telegramEngine],
    annotate: (message) => media.annotate([message])[0]!,
    logger,
  });
  simulatorEngine.start();
  telegram.start();
  mediaRuntime.startJobs();
  engine = simulatorEngine;
  const dailySchedules = startDailySchedules({
    store,
    config,
    llm,
    clock,
    events,
    engines: [simulatorEngine, telegramEngine],
    defaultTimeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    logger: options.logger,
  });

  const conversationDeps = {
    simulator,
    simulatorEngine,
    telegram,
    archivedChats: archivedChats(store),
    config,
    describeMedia: (messages: Parameters<typeof media.annotate>[0]) => media.annotate(messages),
  };
  const conversationTools = createConversationTools({
    ...conversationDeps,
    store,
    events,
    llm,
    clock,
    logger: options.logger,
    mediaFile: mediaRuntime.files,
  });
  const dispatch = createApiDispatcher(
    {
      ...createAppHandlers({
        config,
        mode: options.mode,
        version: options.version,
        stateDir: options.stateDir,
        env: options.env,
      }),
      ...createAgentHandlers({
        config,
        store,
        clock,
        events,
        engines: [simulatorEngine, telegramEngine],
        defaultTimeZone: serverTimeZone,
        zoneMoved: (configName, zone) => zoneWatch.moved(configName, zone),
        logger: options.logger,
      }),
      ...createAgentLifecycleHandlers({
        config,
        store,
        engines: [simulatorEngine, telegramEngine],
        telegram: telegram.service,
        logger: options.logger,
      }),
      ...createConfigHandlers(config),
      ...createDocumentHandlers({ config }),
      ...createSettingsHandlers({ store, config, events }),
      ...createPriceHandlers({ store, events }),
      ...createUsageHandlers({ store }),
      ...createSecretHandlers(secrets),
      ...createConversationHandlers(conversationDeps),
      ...conversationTools.handlers,
      ...createCopilotHandlers({ ...conversationDeps, store, clock, events }),
      ...createEventHandlers(conversationDeps),
      ...createScheduleHandlers({
        store,
        config,
        clock,
        events,
        extend: (agent) => dailySchedules.extender.extend(agent),
        defaultTimeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      }),
      ...createMemoryHandlers({
        store,
        clock,
        config,
        events,
        logger: options.logger.child({ module: 'memory' }),
        engine: (network) => (network === 'simulator' ? simulatorEngine : telegramEngine),
        defaultTimeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      }),
      ...createMediaHandlers({
        library: mediaRuntime.library,
        jobs: mediaRuntime.jobs,
        configDirs: () => config.config.configDirs,
        agentExists: (configName) => agentNamed(configName) !== undefined,
      }),
      ...createMediaLibraryHandlers({
        config,
        descriptions: media,
        port: portOf,
      }),
      ...createSimulatorHandlers({ simulator, config }),
      ...createTelegramHandlers(telegram.service),
      ...createTelegramAccountHandlers({
        desk: telegram.desk,
        requireAgent: (configName) => requireAgent(config, configName),
      }),
      ...createTelegramMembershipHandlers({
        desk: telegram.desk,
        gags: engineGags(telegram.engine),
        requireAgent: (configName) => requireAgent(config, configName),
        chatsChanged: (agent) => events.emit('conversation.chatsChanged', { agent, network: 'telegram' }),
      }),
    },
    options.logger.child({ module: 'api' }),
  );
  const stopPruning = scheduleTaskLogPruning(store.taskLog, logger);
  const stopArchiveIndexing = scheduleArchiveIndexing(store.archiveIndex, logger);
  const stopNoticingWritesElsewhere = noticeWritesElsewhere(store);
  const stopAnnouncingUsage = announceLedgerRows(store.taskLog, events);
  const stopExchangePruning = scheduleExchangePruning(
    store.exchangeHistory,
    () => store.settings.get().engine,
    logger,
    () => clock.now(),
  );
  // Vectors for memory recall, made beside everything else when an embedding model is set.
  const embedding = startArchiveEmbedding({
    store,
    embedder,
    logger: options.logger,
    now: () => clock.now(),
  });
  // Last, so no failed start leaves a worker running.
  await store.startBackgroundCheckpoints();
  logger.info({ mode: options.mode, stateDir: options.stateDir }, 'runtime started');

  return {
    dispatch,
    events,
    stateDir: options.stateDir,
    mediaFile: mediaRuntime.files,
    exportConversation: conversationTools.exportConversation,
    simulator,
    engines: { simulator: simulatorEngine, telegram: telegramEngine },
    async close() {
      await runStopSteps(
        [
          { name: 'task log pruning', run: stopPruning },
          { name: 'usage events', run: stopAnnouncingUsage },
          { name: 'task log events', run: conversationTools.stop },
          { name: 'exchange pruning', run: stopExchangePruning },
          { name: 'media jobs', run: () => mediaRuntime.stopJobs() },
          { name: 'daily schedules', run: () => dailySchedules.extender.stop() },
          { name: 'schedule watch', run: dailySchedules.stopWatching },
          { name: 'simulator engine', run: () => simulatorEngine.stop() },
          // Before Telegram: background descriptions would otherwise fail on a closed account.
          { name: 'media descriptions', run: () => mediaRuntime.stopDescriptions() },
          { name: 'telegram', run: () => telegram?.close() },
          { name: 'retrieval', run: () => fetcher.close() },
          { name: 'event forwarding', run: stopForwarding },
          { name: 'simulator', run: () => simulator.close() },
          { name: 'config watcher', run: () => config.close() },
          { name: 'archive embedding', run: () => embedding.stop() },
          { name: 'archive indexing', run: stopArchiveIndexing },
          { name: 'writes elsewhere', run: stopNoticingWritesElsewhere },
          { name: 'WAL checkpoints', run: () => store.stopBackgroundCheckpoints() },
          { name: 'store', run: () => store.close() },
        ],
        RUNTIME_STOP_BUDGET_MS,
        logger,
      );
      logger.info('runtime stopped');
    },
  };
}
