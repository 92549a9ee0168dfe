import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconArrowsExchange, IconFolderShare, IconTrash } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import type { AgentRuntimeState } from '../../../../../shared/domain/agent-runtime';
import type { AgentConfig } from '../../../../../shared/domain/config';
import { errorMessage } from '../../../../api/errors';
import { Section } from '../../../../ui/Section';
import { LoadingState } from '../../../../ui/states';
import { telegramSelectors } from '../../../telegram/selectors';
import { useTelegramStore } from '../../../telegram/store';
import { isDisabled } from '../../lifecycle-model';
import { AGENTS_PATH, agentPath } from '../../paths';
import { agentsSelectors } from '../../selectors';
import { useAgentsStore } from '../../store';
import { DeleteAgentForm, MoveAgentForm, RenameAgentForm } from './AgentFileForms';

type Dialog = 'rename' | 'move' | 'delete';

const ACTIONS = [
  { dialog: 'rename', label: 'Rename…', icon: IconArrowsExchange, danger: false },
  { dialog: 'move', label: 'Move…', icon: IconFolderShare, danger: false },
  { dialog: 'delete', label: 'Delete…', icon: IconTrash, danger: true },
] as const satisfies readonly { dialog: Dialog; label: string; icon: unknown; danger: boolean }[];

const TITLES: Record<Dialog, string> = {
  rename: 'Rename the agent',
  move: 'Move to another config directory',
  delete: 'Delete the agent',
};

/** The config directories an agent may move to, read when the Move dialog opens. */
function useConfigDirs(wanted: boolean): readonly string[] | null {
  const { newAgentDefaults } = useAgentsStore(agentsSelectors.actions);
  const [dirs, setDirs] = useState<readonly string[] | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let current = true;
    setDirs(null);
    newAgentDefaults().then(
      (defaults) => current && setDirs(defaults.configDirs),
      (error: unknown) => {
        if (!current) return;
        setDirs([]);
        notifications.show({
          color: 'red',
          title: 'Could not list the config directories',
          message: errorMessage(error),
        });
      },
    );
    return () => {
      current = false;
    };
  }, [wanted, newAgentDefaults]);
  return dirs;
}

/**
 * The agent's config name and config directory, and what changes them: rename, move, delete. Only
 * while the agent is disabled, which the section explains otherwise.
 */
export function AgentFileSection({ config, runtime }: { config: AgentConfig; runtime: AgentRuntimeState }) {
  const account = useTelegramStore(
    useMemo(() => telegramSelectors.account(config.configName), [config.configName]),
  );
  const disabled = isDisabled(config, account?.enabled ?? runtime.enabled);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const configDirs = useConfigDirs(dialog === 'move');
  const narrow = useMediaQuery('(max-width: 48em)');
  const [, navigate] = useLocation();
  const close = () => setDialog(null);
  const done = (message: string, path: string) => {
    close();
    notifications.show({ color: 'teal', title: 'Done', message });
    navigate(path);
  };

  return (
    <Section title="Config name and directory">
      <Stack gap="sm">
        <Text size="sm" c={disabled ? undefined : 'dimmed'}>
          {disabled
            ? 'The agent is disabled, so it can be renamed, moved to another config directory or deleted.'
            : 'Renaming, moving and deleting need the agent disabled, so nothing runs while its files and state change: switch off Enabled in its Telegram account, or set Disabled in Edit the agent.'}
        </Text>
        <Group gap="xs">
          {ACTIONS.map(({ dialog: opens, label, icon: Icon, danger }) => (
            <Button
              key={opens}
              size="xs"
              variant={danger ? 'light' : 'default'}
              color={danger ? 'red' : undefined}
              leftSection={<Icon size={14} aria-hidden />}
              disabled={!disabled}
              onClick={() => setDialog(opens)}
            >
              {label}
            </Button>
          ))}
        </Group>
      </Stack>
      <Modal
        opened={dialog !== null}
        onClose={close}
        title={dialog ? TITLES[dialog] : ''}
        fullScreen={narrow}
      >
        {dialog === 'rename' && (
          <RenameAgentForm
            config={config}
            onCancel={close}
            onDone={(name) => done(`${config.configName} is now ${name}.`, agentPath(name))}
          />
        )}
        {dialog === 'move' &&
          (configDirs === null ? (
            <LoadingState label="Listing the config directories…" minHeight={120} />
          ) : (
            <MoveAgentForm
              config={config}
              configDirs={configDirs}
              onCancel={close}
              onDone={() => done(`${config.configName} moved.`, agentPath(config.configName))}
            />
          ))}
        {dialog === 'delete' && (
          <DeleteAgentForm
            config={config}
            onCancel={close}
            onDone={() => done(`${config.configName} was deleted.`, AGENTS_PATH)}
          />
        )}
      </Modal>
    </Section>
  );
}
