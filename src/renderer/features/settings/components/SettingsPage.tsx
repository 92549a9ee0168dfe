import { Anchor, Divider, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Fragment, type ReactNode, useEffect, useId } from 'react';
import type { AppInfo } from '../../../../shared/api/contract';
import { LLM_API_KEY_SECRETS, SECRET_LABELS } from '../../../../shared/domain/secrets';
import { LLM_PROVIDER_LABELS, LLM_PROVIDERS, type LlmProviderId } from '../../../../shared/domain/settings';
import { type Field, FieldList, NotSet } from '../../../ui/FieldList';
import { PageHeader } from '../../../ui/PageHeader';
import { PathText } from '../../../ui/PathText';
import { Section } from '../../../ui/Section';
import { ErrorState, LoadingState } from '../../../ui/states';
import { settingsSelectors } from '../selectors';
import { useSettingsStore } from '../store';
import { BaseUrlField } from './BaseUrlField';
import { ConfigPathEditor } from './ConfigPathEditor';
import { DesktopSettingsSection } from './DesktopSettingsSection';
import { EmbeddingSettingsForm } from './EmbeddingSettingsForm';
import { EngineSettingsForm } from './EngineSettingsForm';
import { MediaSettingsForm } from './MediaSettingsForm';
import { SecretField } from './SecretField';
import { TelegramServerForm } from './TelegramServerForm';
import { TranslationSettingsForm } from './TranslationSettingsForm';

const PROVIDER_NOTES: Record<LlmProviderId, string> = {
  gemini: 'Google AI Studio key. Gemini also describes stickers and photos.',
  openai: 'Any OpenAI API key.',
  xai: 'xAI console key for Grok models.',
  openrouter: 'One key for the many models OpenRouter routes to.',
  ollama: 'Only needed when your Ollama sits behind an authenticating proxy.',
};

const CONFIG_PATH_SOURCES: Record<AppInfo['configPathSource'], string> = {
  '--config-path': 'The --config-path option Troupe was started with',
  TROUPE_CONFIG_PATH: 'The TROUPE_CONFIG_PATH environment variable',
  CINDY_AGENT_CONFIG_PATH: 'The CINDY_AGENT_CONFIG_PATH environment variable',
  settings: 'The config directories saved below',
  default: 'The default: the shipped samples and configdir',
};

/** "Gemini API key" → "Gemini": the short provider name the secret labels already use. */
function shortProviderName(provider: LlmProviderId): string {
  return SECRET_LABELS[LLM_API_KEY_SECRETS[provider]].replace(/ API key$/, '');
}

function ProviderBlock({ provider }: { provider: LlmProviderId }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Title order={3} id={headingId} fz="sm" fw={650} mb={2}>
        {LLM_PROVIDER_LABELS[provider]}
      </Title>
      <Text size="xs" c="dimmed" mb="sm">
        {PROVIDER_NOTES[provider]}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="md">
        <SecretField name={LLM_API_KEY_SECRETS[provider]} label="API key" />
        <BaseUrlField provider={provider} accessibleLabel={`${shortProviderName(provider)} base URL`} />
      </SimpleGrid>
    </section>
  );
}

function ConfigPathList({ paths }: { paths: readonly string[] }) {
  if (paths.length === 0) return <NotSet>none</NotSet>;
  return (
    <List type="ordered" spacing={2} size="sm">
      {paths.map((path) => (
        <List.Item key={path}>
          <PathText path={path} size="sm" />
        </List.Item>
      ))}
    </List>
  );
}

function appInfoFields(info: AppInfo): Field[] {
  return [
    { label: 'Config path in effect', value: <ConfigPathList paths={info.configPath} /> },
    { label: 'Comes from', value: CONFIG_PATH_SOURCES[info.configPathSource] },
    { label: 'State directory', value: <PathText path={info.stateDir} size="sm" /> },
    { label: 'Version', value: `${info.name} ${info.version}` },
    {
      label: 'Mode',
      value: info.mode === 'desktop' ? 'Desktop app' : 'Headless server (troupe serve)',
    },
    { label: 'Platform', value: info.platform },
  ];
}

function ConfigurationSection() {
  const info = useSettingsStore(settingsSelectors.info);
  const infoStatus = useSettingsStore(settingsSelectors.infoStatus);
  const infoError = useSettingsStore(settingsSelectors.infoError);
  const { loadInfo } = useSettingsStore(settingsSelectors.actions);

  let summary: ReactNode;
  if (info) summary = <FieldList fields={appInfoFields(info)} />;
  else if (infoStatus === 'error') {
    summary = (
      <ErrorState
        title="The runtime's details could not be loaded"
        message={infoError ?? 'Unknown error.'}
        onRetry={() => void loadInfo()}
      />
    );
  } else summary = <LoadingState label="Loading…" minHeight={120} />;

  return (
    <Section title="Configuration">
      <Stack gap="lg">
        {summary}
        <Divider />
        <ConfigPathEditor source={info?.configPathSource} />
      </Stack>
    </Section>
  );
}

/** Keys, endpoints and where the runtime reads its configuration. */
export function SettingsPage() {
  const status = useSettingsStore(settingsSelectors.settingsStatus);
  const error = useSettingsStore(settingsSelectors.settingsError);
  const { loadSettings, loadInfo } = useSettingsStore(settingsSelectors.actions);

  useEffect(() => {
    void loadSettings();
    void loadInfo();
  }, [loadSettings, loadInfo]);

  const settings = useSettingsStore(settingsSelectors.settings);

  let content: ReactNode;
  if (status === 'ready' && settings) {
    content = (
      <Stack gap="lg">
        {error && (
          <ErrorState
            title="Settings may be out of date"
            message={error}
            onRetry={() => void loadSettings()}
          />
        )}
        <Section title="LLM providers">
          <Text size="sm" c="dimmed" mb="lg" mt={-8}>
            Keys are stored encrypted and are never shown again; enter a new value to replace one. Leave a
            base URL empty to use the provider's default.
          </Text>
          <Stack gap="lg">
            {LLM_PROVIDERS.map((provider, index) => (
              <Fragment key={provider}>
                {index > 0 && <Divider />}
                <ProviderBlock provider={provider} />
              </Fragment>
            ))}
          </Stack>
        </Section>
        <Section title="Engine">
          <Text size="sm" c="dimmed" mb="lg" mt={-8}>
            How every agent paces itself and how hard Troupe drives the LLMs and the accounts. Changes apply
            live.
          </Text>
          <EngineSettingsForm engine={settings.engine} />
        </Section>
        <Section title="Memory recall">
          <Text size="sm" c="dimmed" mb="lg" mt={-8}>
            Before each turn an agent recalls older messages, summaries, notes and facts that bear on what was
            just said, by their words. With an embedding model it also finds what was said in other words;
            without one it needs no model at all.
          </Text>
          <EmbeddingSettingsForm saved={settings.embeddings} />
        </Section>
        <Section title="Media descriptions">
          <Text size="sm" c="dimmed" mb="lg" mt={-8}>
            Agents read the stickers, photos, videos and voice notes they receive as descriptions. Curated
            descriptions in a config directory's media folder come first; the rest are described once by the
            media model and kept.
          </Text>
          <MediaSettingsForm saved={settings.media} />
        </Section>
        <Section title="Translations">
          <Text size="sm" c="dimmed" mb="lg" mt={-8}>
            A conversation's tools translate its messages into your language, priced in Costs as translate.
          </Text>
          <TranslationSettingsForm saved={settings.translation} />
        </Section>
        <Section title="Telegram">
          <Text size="sm" c="dimmed" mb="lg" mt={-8}>
            The API id and hash of your Telegram application, from{' '}
            <Anchor href="https://my.telegram.org/apps" target="_blank" rel="noopener noreferrer" inherit>
              my.telegram.org
            </Anchor>
            . All agents log in through it.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="md">
            <SecretField name="telegram.apiId" label="API id" />
            <SecretField name="telegram.apiHash" label="API hash" />
          </SimpleGrid>
        </Section>
        <Section title="Telegram server">
          <Text size="sm" c="dimmed" mb="lg" mt={-8}>
            Where agents log in. Sessions are kept per server, so each agent logs in once on each.
          </Text>
          <TelegramServerForm saved={settings.telegramServer} />
        </Section>
        <DesktopSettingsSection />
        <ConfigurationSection />
      </Stack>
    );
  } else if (status === 'error') {
    content = (
      <ErrorState
        title="Settings could not be loaded"
        message={error ?? 'Unknown error.'}
        onRetry={() => void loadSettings()}
      />
    );
  } else {
    content = <LoadingState label="Loading settings…" />;
  }

  return (
    <Stack maw={920} gap={0}>
      <PageHeader
        title="Settings"
        description="LLM keys and endpoints, the engine's pacing and limits, Telegram credentials, and where agents come from."
      />
      {content}
    </Stack>
  );
}
