import { Alert, Badge, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import type { ConversationRef } from '../../../../shared/api/conversation-contract';
import { errorMessage, fieldErrors } from '../../../api/errors';
import { changedUnderneath, type DraftEdit, editProblem, rejectedNotice, startEdit } from '../draft-edits';
import { type Draft, draftLabel } from '../model';
import { useCopilotStore } from '../store';

/** The agent replanned while the operator was at the draft: what it says now, and what to do. */
function ChangedNotice({
  agentName,
  draft,
  edit,
  onEdit,
}: {
  agentName: string;
  draft: Draft;
  edit: DraftEdit;
  onEdit: (edit: DraftEdit) => void;
}) {
  const settled = { ...edit, base: draft.content };
  return (
    <Alert
      color="orange"
      variant="light"
      p="xs"
      icon={<IconAlertTriangle size={16} aria-hidden />}
      title={`${agentName} changed this draft while you were at it`}
      role="alert"
    >
      <Stack gap={6}>
        {edit.mode === 'edit' ? (
          <>
            <Text size="xs">It now says:</Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} fs="italic">
              {draft.content}
            </Text>
            <Text size="xs">Your text is kept below; approving sends yours.</Text>
            <Group gap="xs">
              <Button
                size="compact-xs"
                variant="light"
                color="orange"
                onClick={() => onEdit({ ...settled, text: draft.content })}
              >
                Use the new draft
              </Button>
              <Button size="compact-xs" variant="subtle" color="gray" onClick={() => onEdit(settled)}>
                Keep my text
              </Button>
            </Group>
          </>
        ) : (
          <Group gap="xs" justify="space-between">
            <Text size="xs">It now says what is shown above; your instruction is kept.</Text>
            <Button size="compact-xs" variant="subtle" color="gray" onClick={() => onEdit(settled)}>
              Got it
            </Button>
          </Group>
        )}
      </Stack>
    </Alert>
  );
}

/**
 * One draft: what the agent wants to send, with Approve, Edit (a text, then approve as edited)
 * and Reject (with an optional instruction the agent gets at once, unseen by the chat). What the
 * operator types is held by the dock (`edit`), so a replan that replaces the draft keeps it.
 */
export function DraftCard({
  conversation,
  agentName,
  draft,
  edit,
  onEdit,
}: {
  conversation: ConversationRef;
  agentName: string;
  draft: Draft;
  /** The rewrite or rejection under way; null while the draft is only shown. */
  edit: DraftEdit | null;
  onEdit: (edit: DraftEdit | null) => void;
}) {
  const { approve, reject } = useCopilotStore((state) => state.actions);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const mode = edit?.mode ?? 'view';

  const act = async (what: string, action: () => Promise<unknown>, done?: (result: unknown) => void) => {
    setBusy(true);
    setError(null);
    if (edit) onEdit({ ...edit, submitting: true });
    try {
      // Not `done?.(await action())`: without `done` that would never call the action.
      const result = await action();
      done?.(result);
    } catch (caught) {
      if (edit) onEdit({ ...edit, submitting: false });
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
  const problem = edit?.mode === 'edit' ? editProblem(edit) : null;

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
        {edit && changedUnderneath(edit, draft) && (
          <ChangedNotice agentName={agentName} draft={draft} edit={edit} onEdit={onEdit} />
        )}
        {edit?.mode === 'edit' ? (
          <Textarea
            aria-label="The message as it will be sent"
            autosize
            minRows={2}
            maxRows={8}
            value={edit.text}
            error={error ?? problem}
            onChange={(event) => {
              setError(null);
              onEdit({ ...edit, text: event.currentTarget.value });
            }}
            data-autofocus
          />
        ) : (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {draft.content}
          </Text>
        )}
        {edit?.mode === 'reject' && (
          <Textarea
            label="What should the agent do instead? (optional)"
            description="It thinks again at once with this; nobody in the chat sees it. Leave it empty to just drop the draft."
            autosize
            minRows={2}
            value={edit.instruction}
            onChange={(event) => onEdit({ ...edit, instruction: event.currentTarget.value })}
          />
        )}
        <Group gap="xs" justify="flex-end">
          {mode === 'view' && (
            <>
              <Button
                size="xs"
                variant="subtle"
                color="red"
                onClick={() => onEdit(startEdit(draft, 'reject'))}
              >
                Reject
              </Button>
              {draft.editable && (
                <Button size="xs" variant="default" onClick={() => onEdit(startEdit(draft, 'edit'))}>
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
          {edit?.mode === 'edit' && (
            <>
              <Button size="xs" variant="subtle" color="gray" onClick={() => onEdit(null)} disabled={busy}>
                Cancel
              </Button>
              <Button
                size="xs"
                loading={busy}
                disabled={problem !== null}
                onClick={() => void act('Approving', () => approve(conversation, draft.taskId, edit.text))}
              >
                Approve as edited
              </Button>
            </>
          )}
          {edit?.mode === 'reject' && (
            <>
              <Button size="xs" variant="subtle" color="gray" onClick={() => onEdit(null)} disabled={busy}>
                Keep it
              </Button>
              <Button
                size="xs"
                color="red"
                loading={busy}
                onClick={() =>
                  void act(
                    'Rejecting',
                    () => reject(conversation, draft.taskId, edit.instruction),
                    (started) =>
                      notifications.show({
                        color: 'teal',
                        ...rejectedNotice(agentName, edit.instruction, started === true),
                      }),
                  )
                }
              >
                {edit.instruction.trim() === '' ? 'Reject' : 'Reject and tell the agent'}
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
