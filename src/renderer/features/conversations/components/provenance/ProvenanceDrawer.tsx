import { Drawer } from '@mantine/core';
import { useEffect, useMemo } from 'react';
import { ErrorState, LoadingState } from '../../../../ui/states';
import type { ChatRef } from '../../model';
import { conversationSelectors } from '../../selectors';
import { type ProvenanceTarget, useConversationStore } from '../../store';
import { ProvenanceBody } from './ProvenanceBody';

/** "Why did it say this?": a drawer over the conversation with the provenance of one message. */
export function ProvenanceDrawer({
  chatRef,
  target,
  onClose,
}: {
  chatRef: ChatRef;
  /** The message asked about; null while the drawer is closed. */
  target: ProvenanceTarget | null;
  onClose: () => void;
}) {
  return (
    <Drawer
      opened={target !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={target?.reaction ? 'Why did it react?' : 'Why did it say this?'}
    >
      {target && <LoadedProvenance chatRef={chatRef} target={target} />}
    </Drawer>
  );
}

function LoadedProvenance({ chatRef, target }: { chatRef: ChatRef; target: ProvenanceTarget }) {
  const { loadProvenance } = useConversationStore(conversationSelectors.actions);
  const provenance = useConversationStore(
    useMemo(() => conversationSelectors.provenance(chatRef, target), [chatRef, target]),
  );
  useEffect(() => void loadProvenance(chatRef, target), [chatRef, target, loadProvenance]);
  const what = target.reaction
    ? `the agent's reaction to message #${target.messageId}`
    : `message #${target.messageId}`;
  if (provenance.status === 'error') {
    return (
      <ErrorState
        title="Its provenance could not be loaded"
        message={provenance.error ?? 'Unknown error.'}
        onRetry={() => void loadProvenance(chatRef, target)}
      />
    );
  }
  if (provenance.status !== 'ready') return <LoadingState label="Tracing the message…" minHeight={160} />;
  return <ProvenanceBody provenance={provenance.value} what={what} />;
}
