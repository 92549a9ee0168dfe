import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ApiClient } from '../../../shared/api/client';
import type { AppInfo } from '../../../shared/api/contract';
import type { SecretName, SecretStatus } from '../../../shared/domain/secrets';
import type { Settings, SettingsPatch } from '../../../shared/domain/settings';
import { errorMessage } from '../../api/errors';
import type { LoadStatus } from '../../ui/load-status';

export interface SettingsActions {
  /** app.info: version, mode, state directory, config path in effect. */
  loadInfo(): Promise<void>;
  /** The operator's settings and the status of every secret, together. */
  loadSettings(): Promise<void>;
  /** Stores a secret; rejects with the API error (e.g. an empty value). */
  setSecret(name: SecretName, value: string): Promise<SecretStatus>;
  clearSecret(name: SecretName): Promise<SecretStatus>;
  /** Saves a partial update; rejects with the API error, whose issues name the fields. */
  updateSettings(patch: SettingsPatch): Promise<Settings>;
  applySecrets(secrets: readonly SecretStatus[]): void;
  applySettings(settings: Settings): void;
  /** A config reload may follow a new config path: the path in effect is re-read. */
  applyConfigReload(): void;
  resync(): void;
}

export type SettingsState = {
  infoStatus: LoadStatus;
  infoError: string | null;
  info: AppInfo | null;
  settingsStatus: LoadStatus;
  settingsError: string | null;
  settings: Settings | null;
  secrets: Partial<Record<SecretName, SecretStatus>>;
  actions: SettingsActions;
};

export type SettingsStore = StoreApi<SettingsState>;

function secretsByName(secrets: readonly SecretStatus[]): Partial<Record<SecretName, SecretStatus>> {
  return Object.fromEntries(secrets.map((secret) => [secret.name, secret]));
}

export function createSettingsStore(api: ApiClient): SettingsStore {
  let infoRequest = 0;
  let settingsRequest = 0;

  return createStore<SettingsState>()((set, get) => {
    const actions: SettingsActions = {
      async loadInfo() {
        const request = ++infoRequest;
        if (get().infoStatus !== 'ready') set({ infoStatus: 'loading', infoError: null });
        try {
          const info = await api.call('app.info', {});
          if (request === infoRequest) set({ infoStatus: 'ready', infoError: null, info });
        } catch (error) {
          if (request !== infoRequest) return;
          set((s) => ({ infoStatus: s.info ? 'ready' : 'error', infoError: errorMessage(error) }));
        }
      },

      async loadSettings() {
        const request = ++settingsRequest;
        if (get().settingsStatus !== 'ready') set({ settingsStatus: 'loading', settingsError: null });
        try {
          const [settings, { secrets }] = await Promise.all([
            api.call('settings.get', {}),
            api.call('secrets.status', {}),
          ]);
          if (request !== settingsRequest) return;
          set({ settingsStatus: 'ready', settingsError: null, settings, secrets: secretsByName(secrets) });
        } catch (error) {
          if (request !== settingsRequest) return;
          set((s) => ({
            settingsStatus: s.settings ? 'ready' : 'error',
            settingsError: errorMessage(error),
          }));
        }
      },

      async setSecret(name, value) {
        const status = await api.call('secrets.set', { name, value });
        set((s) => ({ secrets: { ...s.secrets, [name]: status } }));
        return status;
      },

      async clearSecret(name) {
        const status = await api.call('secrets.clear', { name });
        set((s) => ({ secrets: { ...s.secrets, [name]: status } }));
        return status;
      },

      async updateSettings(patch) {
        const settings = await api.call('settings.update', patch);
        set({ settings });
        if (patch.configPath !== undefined) void get().actions.loadInfo();
        return settings;
      },

      applySecrets(secrets) {
        set((s) => ({ secrets: { ...s.secrets, ...secretsByName(secrets) } }));
      },

      applySettings(settings) {
        set({ settings });
      },

      applyConfigReload() {
        if (get().infoStatus !== 'idle') void get().actions.loadInfo();
      },

      resync() {
        if (get().infoStatus !== 'idle') void get().actions.loadInfo();
        if (get().settingsStatus !== 'idle') void get().actions.loadSettings();
      },
    };

    return {
      infoStatus: 'idle',
      infoError: null,
      info: null,
      settingsStatus: 'idle',
      settingsError: null,
      settings: null,
      secrets: {},
      actions,
    };
  });
}

export const SettingsStoreContext = createContext<SettingsStore | null>(null);

/** Reads the settings store of the surrounding console through one of `settingsSelectors`. */
export function useSettingsStore<T>(selector: (state: SettingsState) => T): T {
  const store = useContext(SettingsStoreContext);
  if (!store) throw new Error('useSettingsStore needs a SettingsStoreContext provider.');
  return useStore(store, selector);
}
