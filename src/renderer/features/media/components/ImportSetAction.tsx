import { Alert, Button, Group, Popover, Select, Stack, TextInput } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { type FormEvent, useMemo, useState } from 'react';
import { useApiForm } from '../../memory/components/useApiForm';
import { userLabel } from '../../telegram/model';
import { telegramSelectors } from '../../telegram/selectors';
import { useTelegramStore } from '../../telegram/store';
import { useAccountsLoaded } from '../../telegram/use-accounts-loaded';
import { stickerSetInput } from '../jobs-model';
import { mediaSelectors } from '../selectors';
import { useMediaStore } from '../store';
import { useConfigDirs } from './useConfigDirs';

/** The agents whose Telegram accounts are connected now: an import fetches through one of them. */
function useConnectedAgents(): Array<{ value: string; label: string }> {
  const accounts = useTelegramStore(telegramSelectors.accounts);
  useAccountsLoaded();
  return useMemo(
    () =>
      Object.values(accounts)
        .filter((account) => account.connection === 'connected')
        .map(({ configName, user }) => ({
          value: configName,
          label: user ? `${configName} · ${userLabel(user)}` : configName,
        })),
    [accounts],
  );
}

/** The config directories, the one the editor shows first (an import usually goes where one looks). */
function useTargetDirs(): { configDirs: string[]; initial: string | null } {
  const configDirs = useConfigDirs();
  const { location } = useMediaStore(mediaSelectors.query);
  const initial = location?.kind === 'curated' ? location.configDir : (configDirs[0] ?? null);
  return { configDirs, initial };
}

function ImportSetForm({ onDone }: { onDone: () => void }) {
  const { startJob } = useMediaStore(mediaSelectors.actions);
  const agents = useConnectedAgents();
  const targets = useTargetDirs();
  const form = useApiForm();
  const [setText, setSetText] = useState('');
  const [agent, setAgent] = useState<string | null>(null);
  const [configDir, setConfigDir] = useState<string | null>(targets.initial);
  const through = agent ?? agents[0]?.value ?? null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const set = stickerSetInput(setText);
    const problems = {
      ...('problem' in set ? { setName: set.problem } : {}),
      ...(through
        ? {}
        : { agent: 'Connect an agent to Telegram first: the set is fetched through its account.' }),
      ...(configDir ? {} : { configDir: 'There is no config directory to import into.' }),
    };
    if (Object.keys(problems).length > 0 || !('name' in set) || !through || !configDir) {
      form.invalid(problems);
      return;
    }
    void form.submit(
      () =>
        startJob({ kind: 'import-set', agent: through, network: 'telegram', setName: set.name, configDir }),
      onDone,
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Sticker set"
          description="Its short name, or its t.me/addstickers/… link"
          placeholder="https://t.me/addstickers/CuteCats"
          value={setText}
          onChange={(event) => {
            setSetText(event.currentTarget.value);
            form.clear('setName');
          }}
          error={form.errors.setName}
          data-autofocus
        />
        <Select
          label="Fetched through"
          description={
            agents.length === 0 ? 'No agent is connected to Telegram now: log one in on its page.' : undefined
          }
          placeholder="An agent connected to Telegram"
          data={agents}
          value={through}
          onChange={(value) => {
            setAgent(value);
            form.clear('agent');
          }}
          allowDeselect={false}
          disabled={agents.length === 0}
          error={form.errors.agent}
          comboboxProps={{ withinPortal: false }}
        />
        <Select
          label="Into the config directory"
          data={targets.configDirs}
          value={configDir}
          onChange={(value) => {
            setConfigDir(value);
            form.clear('configDir');
          }}
          allowDeselect={false}
          error={form.errors.configDir}
          comboboxProps={{ withinPortal: false }}
        />
        {form.formError && (
          <Alert role="alert" color="red" variant="light" p="xs" title="Not started">
            {form.formError}
          </Alert>
        )}
        <Group gap="xs" justify="flex-end">
          <Button size="xs" variant="default" onClick={onDone} disabled={form.saving}>
            Cancel
          </Button>
          <Button size="xs" type="submit" loading={form.saving}>
            Start import
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Imports a whole sticker set into a config directory, as a job: each sticker fetched through a
 * connected agent's account, described by the media model and curated.
 */
export function ImportSetAction() {
  const [opened, setOpened] = useState(false);
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" withArrow shadow="md" trapFocus>
      <Popover.Target>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={() => setOpened((open) => !open)}
        >
          Import sticker set…
        </Button>
      </Popover.Target>
      <Popover.Dropdown w={380} maw="calc(100vw - 32px)" role="dialog" aria-label="Import sticker set">
        {opened && <ImportSetForm onDone={() => setOpened(false)} />}
      </Popover.Dropdown>
    </Popover>
  );
}
