import { Badge, Tabs } from '@mantine/core';
import { IconAdjustments, IconSparkles, IconTopologyStar3 } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { LoadingState } from '../../../ui/states';
import { type ChatRef, unfinishedTaskCount } from '../model';
import { conversationSelectors } from '../selectors';
import { type ConversationState, useConversationStore } from '../store';
import { ExchangePanel } from './ExchangePanel';
import { ParametersPanel } from './ParametersPanel';
import { TaskGraphPanel } from './TaskGraphPanel';

type InspectorTab = 'tasks' | 'exchange' | 'parameters';

function inspectorParts(chatRef: ChatRef) {
  return (s: ConversationState) => {
    const view = conversationSelectors.chat(chatRef)(s);
    return view
      ? {
          graph: view.graph,
          lastGraph: view.lastGraph,
          exchange: view.exchange,
          parameters: view.parameters,
          detail: view.detail,
        }
      : undefined;
  };
}

/** Beside the conversation: the live task graph, the last LLM exchange, and the chat's parameters. */
export function Inspector({ chatRef }: { chatRef: ChatRef }) {
  // Only the inspector's own parts: new messages do not redraw it.
  const view = useConversationStore(useShallow(useMemo(() => inspectorParts(chatRef), [chatRef])));
  const { loadGraph, loadExchange } = useConversationStore(conversationSelectors.actions);
  const [tab, setTab] = useState<InspectorTab>('tasks');
  if (!view) return <LoadingState label="Loading…" minHeight={160} />;
  const pending = unfinishedTaskCount(view.graph.value);

  return (
    <Tabs
      value={tab}
      onChange={(value) => setTab((value as InspectorTab | null) ?? 'tasks')}
      keepMounted={false}
      style={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1 }}
    >
      <Tabs.List grow px="xs" style={{ flex: 'none' }}>
        <Tabs.Tab
          value="tasks"
          leftSection={<IconTopologyStar3 size={15} aria-hidden />}
          rightSection={
            pending > 0 ? (
              <Badge size="xs" circle variant="filled" aria-label={`${pending} unfinished`}>
                {pending}
              </Badge>
            ) : null
          }
        >
          Tasks
        </Tabs.Tab>
        <Tabs.Tab value="exchange" leftSection={<IconSparkles size={15} aria-hidden />}>
          LLM
        </Tabs.Tab>
        <Tabs.Tab value="parameters" leftSection={<IconAdjustments size={15} aria-hidden />}>
          Parameters
        </Tabs.Tab>
      </Tabs.List>
      <div className="pg-scroll" style={{ padding: 12 }}>
        <Tabs.Panel value="tasks">
          <TaskGraphPanel view={view} onRetry={() => void loadGraph(chatRef)} />
        </Tabs.Panel>
        <Tabs.Panel value="exchange">
          <ExchangePanel view={view} onRetry={() => void loadExchange(chatRef)} />
        </Tabs.Panel>
        <Tabs.Panel value="parameters">
          <ParametersPanel chatRef={chatRef} view={view} />
        </Tabs.Panel>
      </div>
    </Tabs>
  );
}
