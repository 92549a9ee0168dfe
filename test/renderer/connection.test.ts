import { describe, expect, it } from 'vitest';
import {
  type ConnectionStatus,
  createConnectionStatusTracker,
  webSocketUrl,
} from '../../src/renderer/api/connect';
import { feedStoresFromEvents } from '../../src/renderer/api/events';
import { createIpcTransport, findDesktopBridge } from '../../src/renderer/api/ipc-transport';
import { agentsSelectors } from '../../src/renderer/features/agents/selectors';
import { createAgentsStore } from '../../src/renderer/features/agents/store';
import { createCopilotStore } from '../../src/renderer/features/copilot/store';
import { createCostsStore } from '../../src/renderer/features/costs/store';
import { createDocumentsStore } from '../../src/renderer/features/documents/store';
import { createMediaStore } from '../../src/renderer/features/media/store';
import { createMemoryStore } from '../../src/renderer/features/memory/store';
import { createSessionStore, sessionSelectors } from '../../src/renderer/features/session/store';
import { settingsSelectors } from '../../src/renderer/features/settings/selectors';
import { createSettingsStore } from '../../src/renderer/features/settings/store';
import { createTelegramStore } from '../../src/renderer/features/telegram/store';
import type { TroupeBridge } from '../../src/shared/api/bridge';
import { DEFAULT_DESKTOP_SETTINGS } from '../../src/shared/domain/desktop-settings';
import { DEFAULT_ENGINE_SETTINGS, DEFAULT_MEDIA_SETTINGS } from '../../src/shared/domain/settings';
import { DEFAULT_TELEGRAM_SERVER_SETTINGS } from '../../src/shared/domain/telegram';
import { createConversationStores } from './support/conversation-stores';
import { agentConfig, FakeRuntime, runtimeState, settle } from './support/fake-runtime';

describe('connecting', () => {
  it('finds the WebSocket beside the page, encrypted when the page is', () => {
    expect(webSocketUrl({ protocol: 'http:', host: '127.0.0.1:7070' })).toBe('ws://127.0.0.1:7070/api/ws');
    expect(webSocketUrl({ protocol: 'https:', host: 'troupe.example.org' })).toBe(
      'wss://troupe.example.org/api/ws',
    );
  });

  it('shows no banner for the first connection, and one while a lost or refused connection is retried', () => {
    const first = createConnectionStatusTracker();
    expect(['disconnected', 'connecting', 'connected'].map((state) => first(state as never))).toEqual([
      'connecting',
      'connecting',
      'online',
    ]);
    expect(first('disconnected')).toBe('reconnecting');
    expect(first('connecting')).toBe('reconnecting');
    expect(first('connected')).toBe('online');

    const refused = createConnectionStatusTracker();
    expect(['disconnected', 'connecting', 'disconnected'].map((state) => refused(state as never))).toEqual([
      'connecting',
      'connecting',
      'reconnecting',
    ]);
  });

  it('uses the preload bridge only when it has the bridge shape, and reports a dead IPC channel as an API error', async () => {
    expect(findDesktopBridge({})).toBeUndefined();
    expect(findDesktopBridge({ troupe: { call: 'nope' } })).toBeUndefined();
    const bridge: TroupeBridge = {
      call: async () => {
        throw new Error('An object could not be cloned.');
      },
      onEvent: () => () => {},
    };
    expect(findDesktopBridge({ troupe: bridge })).toBe(bridge);

    const outcome = await createIpcTransport(bridge).call('app.info', {});
    expect(outcome).toMatchObject({ ok: false, error: { code: 'unavailable' } });
  });
});

describe('events feeding the stores', () => {
  function setUp() {
    const runtime = new FakeRuntime();
    runtime.agents = [{ config: agentConfig({ configName: 'Heidi' }), runtime: runtimeState('Heidi') }];
    let authenticated = true;
    const stores = {
      agents: createAgentsStore(runtime.client),
      settings: createSettingsStore(runtime.client),
      session: createSessionStore({
        auth: {
          getSession: async () => ({ authenticated, passwordLogin: true }),
          login: async () => ({ kind: 'signed-in' }),
          logout: async () => {},
        },
        now: () => 0,
      }),
      conversations: createConversationStores(runtime.client),
      telegram: createTelegramStore(runtime.client),
      memory: createMemoryStore(runtime.client),
      media: createMediaStore(runtime.client),
      costs: createCostsStore(runtime.client),
      copilot: createCopilotStore(runtime.client),
      documents: createDocumentsStore(runtime.client),
    };
    const statusListeners = new Set<(status: ConnectionStatus) => void>();
    const stop = feedStoresFromEvents(
      {
        client: runtime.client,
        onStatus(listener) {
          statusListeners.add(listener);
          return () => statusListeners.delete(listener);
        },
      },
      stores,
    );
    const setStatus = (status: ConnectionStatus) => {
      for (const listener of statusListeners) listener(status);
    };
    const endSession = () => {
      authenticated = false;
    };
    return { runtime, stores, stop, setStatus, endSession };
  }

  it('updates an agent when its runtime state changes', async () => {
    const { runtime, stores } = setUp();
    await stores.agents.getState().actions.loadAgents();

    runtime.emit('agent.stateChanged', runtimeState('Heidi', { loginState: 'logging-in' }));

    expect(agentsSelectors.agents(stores.agents.getState())[0]?.runtime.loginState).toBe('logging-in');
  });

  it('refetches the agents, the open agent and the config path when the config was reloaded', async () => {
    const { runtime, stores } = setUp();
    await stores.agents.getState().actions.loadAgents();
    await stores.agents.getState().actions.openAgent('Heidi');
    await stores.settings.getState().actions.loadInfo();
    runtime.agents[0] = {
      ...runtime.agents[0]!,
      config: agentConfig({ configName: 'Heidi', name: 'Heidi Renamed' }),
    };
    runtime.info = { ...runtime.info, configPath: ['/elsewhere'] };

    runtime.emit('config.reloaded', runtime.report());
    await settle();

    expect(agentsSelectors.agents(stores.agents.getState())[0]?.config.name).toBe('Heidi Renamed');
    expect(agentsSelectors.detailFor('Heidi')(stores.agents.getState())?.detail?.config.name).toBe(
      'Heidi Renamed',
    );
    expect(settingsSelectors.info(stores.settings.getState())?.configPath).toEqual(['/elsewhere']);
  });

  it('follows secrets and settings changed from another console', async () => {
    const { runtime, stores } = setUp();
    await stores.settings.getState().actions.loadSettings();

    runtime.emit('secrets.changed', {
      secrets: [
        {
          name: 'telegram.apiId',
          isSet: true,
          updatedAt: '2025-06-01T12:00:00.000Z',
          environmentVariable: null,
        },
      ],
    });
    runtime.emit('settings.changed', {
      configPath: ['/srv/agents'],
      llmBaseUrls: { gemini: '', openai: '', xai: '', openrouter: 'https://proxy.example/v1', ollama: '' },
      engine: { ...DEFAULT_ENGINE_SETTINGS, typingSpeed: 30 },
      telegramServer: DEFAULT_TELEGRAM_SERVER_SETTINGS,
      embeddings: { provider: '', model: '' },
      media: DEFAULT_MEDIA_SETTINGS,
      translation: { model: '' },
      desktop: DEFAULT_DESKTOP_SETTINGS,
    });

    expect(settingsSelectors.secretStatus('telegram.apiId')(stores.settings.getState()).isSet).toBe(true);
    expect(settingsSelectors.baseUrl('openrouter')(stores.settings.getState())).toBe(
      'https://proxy.example/v1',
    );
    expect(settingsSelectors.configPathSetting(stores.settings.getState())).toEqual(['/srv/agents']);
  });

  it('refetches what is on screen after a dropped connection comes back, since events were missed', async () => {
    const { runtime, stores, setStatus } = setUp();
    setStatus('online');
    await stores.agents.getState().actions.loadAgents();
    await stores.settings.getState().actions.loadSettings();
    expect(runtime.callsOf('agents.list')).toHaveLength(1);

    setStatus('reconnecting');
    expect(sessionSelectors.connection(stores.session.getState())).toBe('reconnecting');
    runtime.agents.push({ config: agentConfig({ configName: 'Mary' }), runtime: runtimeState('Mary') });
    setStatus('online');
    await settle();

    expect(sessionSelectors.connection(stores.session.getState())).toBe('online');
    expect(runtime.callsOf('agents.list')).toHaveLength(2);
    expect(runtime.callsOf('settings.get')).toHaveLength(2);
    expect(agentsSelectors.agentCount(stores.agents.getState())).toBe(2);
  });

  it('returns to the sign-in screen when the connection dropped because the session ended', async () => {
    const { stores, setStatus, endSession } = setUp();
    await stores.session.getState().actions.checkSession();
    endSession();

    setStatus('reconnecting');
    await settle();

    expect(sessionSelectors.phase(stores.session.getState())).toEqual({
      kind: 'signed-out',
      passwordLogin: true,
    });
  });

  it('stops feeding the stores once unsubscribed', async () => {
    const { runtime, stores, stop } = setUp();
    await stores.agents.getState().actions.loadAgents();
    stop();

    runtime.emit('agent.stateChanged', runtimeState('Heidi', { loginState: 'logged-in' }));

    expect(agentsSelectors.agents(stores.agents.getState())[0]?.runtime.loginState).toBe('logged-out');
  });
});
