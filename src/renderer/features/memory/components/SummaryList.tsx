import { Alert, Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconSparkles } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { type ConversationRef, summarizedNotice } from '../model';
import { memorySelectors } from '../selectors';
import { useMemoryStore } from '../store';
import { LoadableBody } from './LoadableBody';
import { PanelSection } from './PanelSection';
import { SummaryCard } from './SummaryCard';
import { SummaryEditor } from './SummaryEditor';

/**
 * A conversation's summaries: what the prompt shows instead of older messages. Each can be
 * edited or deleted; "Summarize now" asks the model for the messages none covers yet.
 */
export function SummaryList({ conversation }: { conversation: ConversationRef }) {
  const select = useMemo(
    () => ({
      summaries: memorySelectors.summaries(conversation),
      summarizing: memorySelectors.summarizing(conversation),
    }),
    [conversation],
  );
  const summaries = useMemoryStore(select.summaries);
  const summarizing = useMemoryStore(select.summarizing);
  const { loadSummaries, summarizeNow, follow } = useMemoryStore(memorySelectors.actions);
  const [writing, setWriting] = useState(false);

  useEffect(() => follow('summaries', conversation), [conversation, follow]);

  const summarize = async () => {
    const result = await summarizeNow(conversation);
    if (!result) return;
    notifications.show(summarizedNotice(result));
  };

  const last = summaries.value.at(-1);
  return (
    <PanelSection
      title="Summaries"
      count={summaries.value.length}
      actions={
        <>
          <Button
            size="compact-xs"
            variant="subtle"
            leftSection={<IconPlus size={12} aria-hidden />}
            onClick={() => setWriting(true)}
            disabled={writing}
          >
            Write
          </Button>
          <Button
            size="compact-xs"
            variant="light"
            leftSection={<IconSparkles size={12} aria-hidden />}
            loading={summarizing.running}
            onClick={() => void summarize()}
          >
            Summarize now
          </Button>
        </>
      }
    >
      {summarizing.error && (
        <Alert role="alert" color="red" variant="light" p="xs" title="Could not summarize">
          {summarizing.error}
        </Alert>
      )}
      {writing && (
        <div className="mem-card">
          <SummaryEditor
            conversation={conversation}
            initialRange={last ? { minMessageId: last.maxMessageId + 1 } : {}}
            onDone={() => setWriting(false)}
          />
        </div>
      )}
      <LoadableBody
        record={summaries}
        isEmpty={summaries.value.length === 0}
        what="summaries"
        onRetry={() => void loadSummaries(conversation)}
        empty={
          <Text size="sm" c="dimmed">
            No summaries yet. Long conversations are summarized as they grow; the prompt then shows the
            summaries instead of the older messages.
          </Text>
        }
      >
        <Stack gap={6} component="ul" className="mem-entries" aria-label="Summaries">
          {summaries.value.map((summary) => (
            <li key={summary.id} className="mem-card">
              <SummaryCard conversation={conversation} summary={summary} />
            </li>
          ))}
        </Stack>
      </LoadableBody>
    </PanelSection>
  );
}
