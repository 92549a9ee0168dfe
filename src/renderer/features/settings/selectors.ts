import { SECRET_NAMES, type SecretName, type SecretStatus } from '../../../shared/domain/secrets';
import type { LlmProviderId } from '../../../shared/domain/settings';
import type { SettingsState } from './store';

// One object per name, so a selector reading an unknown secret returns the same value each time.
const NOT_SET = Object.fromEntries(
  SECRET_NAMES.map((name) => [name, { name, isSet: false, updatedAt: null, environmentVariable: null }]),
) as Record<SecretName, SecretStatus>;

/** Named selectors: components read the settings store only through these. */
export const settingsSelectors = {
  infoStatus: (s: SettingsState) => s.infoStatus,
  infoError: (s: SettingsState) => s.infoError,
  info: (s: SettingsState) => s.info,
  settingsStatus: (s: SettingsState) => s.settingsStatus,
  settingsError: (s: SettingsState) => s.settingsError,
  settings: (s: SettingsState) => s.settings,
  actions: (s: SettingsState) => s.actions,
  /** A secret's status; unknown secrets read as not set. */
  secretStatus:
    (name: SecretName) =>
    (s: SettingsState): SecretStatus =>
      s.secrets[name] ?? NOT_SET[name],
  baseUrl: (provider: LlmProviderId) => (s: SettingsState) => s.settings?.llmBaseUrls[provider] ?? '',
  /** The base URL an environment variable sets for the provider, over Settings; null when none. */
  environmentBaseUrl: (provider: LlmProviderId) => (s: SettingsState) =>
    s.info?.environmentBaseUrls.find((entry) => entry.provider === provider) ?? null,
  configPathSetting: (s: SettingsState) => s.settings?.configPath,
};
