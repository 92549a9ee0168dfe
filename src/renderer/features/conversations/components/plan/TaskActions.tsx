import { Group, List, Stack, Text } from '@mantine/core';
import { IconPlayerStop, IconRefresh } from '@tabler/icons-react';
import type { TaskNodeView } from '../../../../../shared/domain/tasks';
import { ConfirmAction } from '../../../../ui/ConfirmAction';
import { IconAction } from '../../../../ui/IconAction';
import { dependentsOf, TASK_STATUS_LABELS, taskActions, taskTitle } from '../../model';
import { conversationSelectors } from '../../selectors';
import { useConversationStore } from '../../store';
import { usePlanContext } from './plan-context';
import { runPlanAction } from './run-plan-action';

/**
 * Stop (asking first, naming what waits on the task) and Retry, as the task's state allows; each
 * named by what the task does, as its card says it.
 */
export function TaskActions({ task }: { task: TaskNodeView }) {
  const { chatRef, graph } = usePlanContext();
  const { cancelTask, retryTask } = useConversationStore(conversationSelectors.actions);
  const allowed = taskActions(task);
  if (!allowed.cancel && !allowed.retry) return null;
  const dependents = allowed.cancel ? dependentsOf(graph, task.id) : [];
  const title = taskTitle(task);

  return (
    <Group gap={2} className="nodrag nopan" wrap="nowrap">
      {allowed.cancel && (
        <ConfirmAction
          label={`Stop ${title}`}
          icon={<IconPlayerStop size={15} aria-hidden />}
          confirmLabel="Stop it"
          dismissLabel="Keep it"
          question={
            <Stack gap={4}>
              <Text span inherit fw={600}>
                Stop this task?
              </Text>
              <span>{title}</span>
              {dependents.length > 0 ? (
                <>
                  <span>These wait on it and stop too:</span>
                  <List size="xs" spacing={2} aria-label="Tasks stopped with it">
                    {dependents.map((node) => (
                      <List.Item key={node.id}>
                        {taskTitle(node)} ({TASK_STATUS_LABELS[node.status].toLowerCase()})
                      </List.Item>
                    ))}
                  </List>
                </>
              ) : (
                <Text span size="xs" c="dimmed">
                  Nothing waits on it.
                </Text>
              )}
            </Stack>
          }
          onConfirm={() => runPlanAction('Not stopped', () => cancelTask(chatRef, task.id))}
        />
      )}
      {allowed.retry && (
        <IconAction
          label={`Retry ${title}`}
          icon={<IconRefresh size={15} aria-hidden />}
          onClick={() => void runPlanAction('Not retried', () => retryTask(chatRef, task.id))}
        />
      )}
    </Group>
  );
}
