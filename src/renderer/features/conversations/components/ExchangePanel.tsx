import { SegmentedControl, Stack } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { useState } from 'react';
import { EmptyBlock, ErrorState, LoadingState } from '../../../ui/states';
import type { ChatRef } from '../model';
import type { ChatView } from '../store';
import { ExchangeHistory } from './exchange/ExchangeHistory';
import { ExchangeView } from './exchange/ExchangeView';

function LatestExchange({ view, onRetry }: { view: Pick<ChatView, 'exchange'>; onRetry: () => void }) {
  const { exchange } = view;
  if (exchange.status === 'error' && !exchange.value) {
    return (
      <ErrorState
        title="The last exchange could not be loaded"
        message={exchange.error ?? 'Unknown error.'}
        onRetry={onRetry}
      />
    );
  }
  if (exchange.status !== 'ready') return <LoadingState label="Loading the last exchange…" minHeight={160} />;
  if (!exchange.value) {
    return (
      <EmptyBlock
        icon={<IconSparkles size={26} aria-hidden />}
        title="No LLM call yet"
        description="When the agent takes a turn in this chat, the prompt it sent and the reply it got appear here."
      />
    );
  }
  return <ExchangeView exchange={exchange.value} />;
}

/**
 * The chat's LLM calls: the last one live (cost, tokens, the prompt as sent, the raw answer), or
 * every one kept, browsed newest first.
 */
export function ExchangePanel({
  chatRef,
  view,
  onRetry,
}: {
  chatRef: ChatRef;
  view: Pick<ChatView, 'exchange'>;
  onRetry: () => void;
}) {
  const [showing, setShowing] = useState<'latest' | 'kept'>('latest');
  return (
    <Stack gap="sm">
      <SegmentedControl
        size="xs"
        aria-label="Which exchanges"
        value={showing}
        onChange={(value) => setShowing(value === 'kept' ? 'kept' : 'latest')}
        data={[
          { value: 'latest', label: 'Latest' },
          { value: 'kept', label: 'All kept' },
        ]}
      />
      {showing === 'latest' ? (
        <LatestExchange view={view} onRetry={onRetry} />
      ) : (
        <ExchangeHistory chatRef={chatRef} />
      )}
    </Stack>
  );
}
