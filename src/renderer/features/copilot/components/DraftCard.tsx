import { Badge, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { ConversationRef } from '../../../../shared/api/conversation-contract';
import { errorMessage, fieldErrors } from '../../../api/errors';
import { type Draft, draftLabel } from '../model';
import { useCopilotStore } from '../store';

type Mode = 'view' | 'edit' | 'reject';

/**
 * One draft: what the agent wants to send, with Approve, Edit (a text, then approve as edited)
 * and Reject (with an optional instruction the agent gets at once, unseen by the chat).
 */
export function DraftCard({ conversation, draft }: { conversation: ConversationRef; draft: Draft }) {
  const { approve, reject } = useCopilotStore((state) => state.actions);
  const [mode, setMode] = useState<Mode>('view');
  const [text, setText] = useState(draft.content);
  const [instruction, setInstruction] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const act = async (what: string, action: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (caught) {
      const field = fieldErrors(caught).text;
      if (field) setError(field);
      else
        notifications.show({
          color: 'yellow',
          title: `${what} did not go through`,
          message: errorMessage(caught),
        });
      setBusy(false);
    }
  };
  const label = draftLabel(draft);

  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      className="copilot-draft"
      aria-label={`Draft: ${label}`}
      role="group"
    >
      <Stack gap={8}>
        <Group gap={6} justify="space-between" wrap="nowrap">
          <Group gap={6} wrap="nowrap" miw={0}>
            <Badge size="xs" variant="light" color="grape">
              Draft
            </Badge>
            <Text size="xs" c="dimmed" truncate>
              {label}
            </Text>
          </Group>
        </Group>
        {mode === 'edit' ? (
          <Textarea
            aria-label="The message as it will be sent"
            autosize
            minRows={2}
            maxRows={8}
            value={text}
            error={error}
            onChange={(event) => setText(event.currentTarget.value)}
            data-autofocus
          />
        ) : (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {draft.content}
          </Text>
        )}
        {mode === 'reject' && (
          <Textarea
            label="What should the agent do instead? (optional)"
            description="It thinks again at once with this; nobody in the chat sees it. Leave it empty to just drop the draft."
            autosize
            minRows={2}
            value={instruction}
            onChange={(event) => setInstruction(event.currentTarget.value)}
          />
        )}
        <Group gap="xs" justify="flex-end">
          {mode === 'view' && (
            <>
              <Button size="xs" variant="subtle" color="red" onClick={() => setMode('reject')}>
                Reject
              </Button>
              {draft.editable && (
                <Button size="xs" variant="default" onClick={() => setMode('edit')}>
                  Edit
                </Button>
              )}
              <Button
                size="xs"
                loading={busy}
                onClick={() => void act('Approving', () => approve(conversation, draft.taskId))}
              >
                Approve
              </Button>
            </>
          )}
          {mode === 'edit' && (
            <>
              <Button size="xs" variant="subtle" color="gray" onClick={() => setMode('view')} disabled={busy}>
                Cancel
              </Button>
              <Button
                size="xs"
                loading={busy}
                onClick={() => void act('Approving', () => approve(conversation, draft.taskId, text))}
              >
                Approve as edited
              </Button>
            </>
          )}
          {mode === 'reject' && (
            <>
              <Button size="xs" variant="subtle" color="gray" onClick={() => setMode('view')} disabled={busy}>
                Keep it
              </Button>
              <Button
                size="xs"
                color="red"
                loading={busy}
                onClick={() => void act('Rejecting', () => reject(conversation, draft.taskId, instruction))}
              >
                {instruction.trim() === '' ? 'Reject' : 'Reject and tell the agent'}
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
