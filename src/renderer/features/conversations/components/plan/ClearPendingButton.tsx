import { IconPlayerStop } from '@tabler/icons-react';
import { ConfirmAction } from '../../../../ui/ConfirmAction';
import type { ChatRef } from '../../model';
import { conversationSelectors } from '../../selectors';
import { useConversationStore } from '../../store';
import { runPlanAction } from './run-plan-action';

/** Cancels everything in the plan that has not run, after asking. */
export function ClearPendingButton({ chatRef, pending }: { chatRef: ChatRef; pending: number }) {
  const { clearPending } = useConversationStore(conversationSelectors.actions);
  return (
    <ConfirmAction
      label="Clear pending tasks"
      text="Clear pending"
      icon={<IconPlayerStop size={14} aria-hidden />}
      question={`Cancel the ${pending === 1 ? 'task' : `${pending} tasks`} of this plan that ${pending === 1 ? 'has' : 'have'} not run? What is done stays done.`}
      confirmLabel="Clear pending"
      onConfirm={() => runPlanAction('Nothing cleared', () => clearPending(chatRef))}
    />
  );
}
