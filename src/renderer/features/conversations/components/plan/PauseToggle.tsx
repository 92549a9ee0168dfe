import { Button, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../../../api/errors';
import type { ChatRef } from '../../model';
import { conversationSelectors } from '../../selectors';
import { useConversationStore } from '../../store';

/**
 * Pauses the conversation (its plan is kept and messages are taken, nothing runs) or resumes it;
 * hidden until the chat's parameters are known.
 */
export function PauseToggle({ chatRef }: { chatRef: ChatRef }) {
  const paused = useConversationStore(
    (s) => conversationSelectors.chat(chatRef)(s)?.parameters.value?.paused ?? null,
  );
  const { updateParameters } = useConversationStore(conversationSelectors.actions);
  const [saving, setSaving] = useState(false);
  if (paused === null) return null;

  const toggle = async () => {
    setSaving(true);
    try {
      await updateParameters(chatRef, { paused: !paused });
    } catch (error) {
      notifications.show({
        color: 'red',
        title: paused ? 'Not resumed' : 'Not paused',
        message: errorMessage(error),
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Tooltip
      label={
        paused
          ? 'Paused: the plan waits and nothing runs. Resume to carry on.'
          : 'Pause the conversation: the plan is kept, new messages are taken, nothing runs'
      }
      multiline
      w={260}
      openDelay={300}
    >
      <Button
        size="compact-xs"
        variant={paused ? 'light' : 'subtle'}
        color={paused ? 'orange' : 'gray'}
        leftSection={
          paused ? <IconPlayerPlay size={14} aria-hidden /> : <IconPlayerPause size={14} aria-hidden />
        }
        loading={saving}
        aria-pressed={paused}
        onClick={() => void toggle()}
      >
        {paused ? 'Resume' : 'Pause'}
      </Button>
    </Tooltip>
  );
}
