import { Group, List, Stack, Text } from '@mantine/core';
import { IconPlayerStop, IconRefresh } from '@tabler/icons-react';
import type { TaskNodeView } from '../../../../../shared/domain/tasks';
import { ConfirmAction } from '../../../../ui/ConfirmAction';
import { IconAction } from '../../../../ui/IconAction';
import { dependentsOf, TASK_STATUS_LABELS, taskActions, taskInWords } from '../../model';
import { conversationSelectors } from '../../selectors';
import { useConversationStore } from '../../store';
import { usePlanContext } from './plan-context';
import { runPlanAction } from './run-plan-action';

/** Cancel (asking first, naming what waits on the task) and Retry, as the task's state allows. */
export function TaskActions({ task }: { task: TaskNodeView }) {
  const { chatRef, graph } = usePlanContext();
  const { cancelTask, retryTask } = useConversationStore(conversationSelectors.actions);
  const allowed = taskActions(task);
  if (!allowed.cancel && !allowed.retry) return null;
  const dependents = allowed.cancel ? dependentsOf(graph, task.id) : [];

  return (
    <Group gap={2} className="nodrag nopan" wrap="nowrap">
      {allowed.cancel && (
        <ConfirmAction
          label={`Cancel ${task.kind} ${task.id}`}
          icon={<IconPlayerStop size={15} aria-hidden />}
          confirmLabel="Cancel task"
          question={
            <Stack gap={4}>
              <span>Cancel {taskInWords(task)}?</span>
              {dependents.length > 0 ? (
                <>
                  <span>These wait on it and are cancelled too:</span>
                  <List size="xs" spacing={2} aria-label="Tasks cancelled with it">
                    {dependents.map((node) => (
                      <List.Item key={node.id}>
                        {taskInWords(node)} ({TASK_STATUS_LABELS[node.status].toLowerCase()})
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
          onConfirm={() => runPlanAction('Not cancelled', () => cancelTask(chatRef, task.id))}
        />
      )}
      {allowed.retry && (
        <IconAction
          label={`Retry ${task.kind} ${task.id}`}
          icon={<IconRefresh size={15} aria-hidden />}
          onClick={() => void runPlanAction('Not retried', () => retryTask(chatRef, task.id))}
        />
      )}
    </Group>
  );
}
