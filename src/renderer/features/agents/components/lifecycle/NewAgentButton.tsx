import { Button, Modal } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import type { NewAgentDefaults } from '../../../../../shared/api/agent-lifecycle-contract';
import { errorMessage } from '../../../../api/errors';
import { ErrorState, LoadingState } from '../../../../ui/states';
import { agentPath } from '../../paths';
import { agentsSelectors } from '../../selectors';
import { useAgentsStore } from '../../store';
import { NewAgentForm } from './NewAgentForm';

type Defaults =
  | { status: 'loading' }
  | { status: 'ready'; defaults: NewAgentDefaults }
  | { status: 'error'; error: string };

/** "New agent": a form in a dialog (the whole screen on a phone); a created agent's page opens. */
export function NewAgentButton() {
  const [opened, { open, close }] = useDisclosure(false);
  const narrow = useMediaQuery('(max-width: 48em)');
  const { newAgentDefaults } = useAgentsStore(agentsSelectors.actions);
  const [defaults, setDefaults] = useState<Defaults>({ status: 'loading' });
  const [, navigate] = useLocation();

  /** Reads the defaults afresh: a DefaultAgent.md may have changed since the form last opened. */
  const load = useCallback(() => {
    let current = true;
    setDefaults({ status: 'loading' });
    newAgentDefaults().then(
      (loaded) => current && setDefaults({ status: 'ready', defaults: loaded }),
      (error: unknown) => current && setDefaults({ status: 'error', error: errorMessage(error) }),
    );
    return () => {
      current = false;
    };
  }, [newAgentDefaults]);

  useEffect(() => (opened ? load() : undefined), [opened, load]);

  const created = (configName: string) => {
    close();
    notifications.show({
      color: 'teal',
      title: 'Agent created',
      message: `${configName} starts disabled; enable it once it is ready.`,
    });
    navigate(agentPath(configName));
  };

  return (
    <>
      <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={open}>
        New agent
      </Button>
      <Modal opened={opened} onClose={close} title="New agent" size="xl" fullScreen={narrow}>
        {defaults.status === 'loading' && <LoadingState label="Reading the template…" />}
        {defaults.status === 'error' && (
          <ErrorState
            title="The new agent form could not be opened"
            message={defaults.error}
            onRetry={load}
          />
        )}
        {defaults.status === 'ready' && (
          <NewAgentForm defaults={defaults.defaults} onCreated={created} onCancel={close} />
        )}
      </Modal>
    </>
  );
}
