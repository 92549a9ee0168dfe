import { Badge, Tabs } from '@mantine/core';
import {
  IconAdjustments,
  IconAlarm,
  IconBrain,
  IconCoin,
  IconSparkles,
  IconTopologyStar3,
  IconUserCircle,
} from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { LoadingState } from '../../../ui/states';
import { ConversationCosts } from '../../costs/components/ConversationCosts';
import { EventsPanel } from '../../events/components/EventsPanel';
import { ConversationMemoryPanel } from '../../memory/components/ConversationMemoryPanel';
import { PartnerProfilePanel } from '../../telegram-account/components/PartnerProfilePanel';
import { type ChatRef, chatIdentity, unfinishedTaskCount } from '../model';
import { conversationSelectors } from '../selectors';
import { type ConversationState, useConversationNetwork, useConversationStore } from '../store';
import { ExchangePanel } from './ExchangePanel';
import { ParametersPanel } from './ParametersPanel';
import { PlanPanel } from './plan/PlanPanel';

type InspectorTab = 'tasks' | 'exchange' | 'parameters' | 'memory' | 'events' | 'costs' | 'profile';

function inspectorParts(chatRef: ChatRef) {
  const selectSummary = conversationSelectors.summary(chatRef);
  return (s: ConversationState) => {
    const view = conversationSelectors.chat(chatRef)(s);
    if (!view) return undefined;
    // The person of a direct chat, by the chat's title; null in groups and channels. Only the
    // name is kept: the chat's summary changes with every message.
    const identity = chatIdentity(view.detail.value, selectSummary(s));
    return {
      graph: view.graph,
      lastGraph: view.lastGraph,
      replacedGraphs: view.replacedGraphs,
      exchange: view.exchange,
      parameters: view.parameters,
      detail: view.detail,
      partnerName: identity?.kind === 'direct' ? identity.title : null,
    };
  };
}

/**
 * Beside the conversation: the live task graph, the last LLM exchange, the chat's parameters,
 * what the agent remembers of it, its scheduled events and what its calls cost.
 */
export function Inspector({ chatRef }: { chatRef: ChatRef }) {
  // Only the inspector's own parts: new messages do not redraw it.
  const view = useConversationStore(useShallow(useMemo(() => inspectorParts(chatRef), [chatRef])));
  const { loadGraph, loadExchange } = useConversationStore(conversationSelectors.actions);
  const [tab, setTab] = useState<InspectorTab>('tasks');
  const network = useConversationNetwork();
  const conversation = useMemo(() => ({ ...chatRef, network }), [chatRef, network]);
  if (!view) return <LoadingState label="Loading…" minHeight={160} />;
  const pending = unfinishedTaskCount(view.graph.value);

  return (
    <Tabs
      value={tab}
      onChange={(value) => setTab((value as InspectorTab | null) ?? 'tasks')}
      keepMounted={false}
      style={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1 }}
      // Four tabs share the inspector's width on one row, each as wide as its label and the rest shared.
      styles={{
        list: { flexWrap: 'nowrap' },
        tab: { paddingInline: 6, flex: '1 1 auto', minWidth: 0 },
        tabSection: { marginInlineEnd: 4 },
      }}
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
        <Tabs.Tab value="memory" leftSection={<IconBrain size={15} aria-hidden />}>
          Memory
        </Tabs.Tab>
        {/* Icons alone: a fifth label would not fit the inspector's width. */}
        <Tabs.Tab value="events" aria-label="Events" title="Events" style={{ flex: 'none' }}>
          <IconAlarm size={15} aria-hidden />
        </Tabs.Tab>
        <Tabs.Tab value="costs" aria-label="Costs" title="Costs" style={{ flex: 'none' }}>
          <IconCoin size={15} aria-hidden />
        </Tabs.Tab>
        {network === 'telegram' && (
          <Tabs.Tab value="profile" aria-label="Profile" title="Profile" style={{ flex: 'none' }}>
            <IconUserCircle size={15} aria-hidden />
          </Tabs.Tab>
        )}
      </Tabs.List>
      <div className="pg-scroll" style={{ padding: 12 }}>
        <Tabs.Panel value="tasks">
          <PlanPanel chatRef={chatRef} view={view} onRetry={() => void loadGraph(chatRef)} />
        </Tabs.Panel>
        <Tabs.Panel value="exchange">
          <ExchangePanel chatRef={chatRef} view={view} onRetry={() => void loadExchange(chatRef)} />
        </Tabs.Panel>
        <Tabs.Panel value="parameters">
          <ParametersPanel chatRef={chatRef} view={view} />
        </Tabs.Panel>
        <Tabs.Panel value="memory">
          <ConversationMemoryPanel conversation={conversation} partnerName={view.partnerName} />
        </Tabs.Panel>
        <Tabs.Panel value="events">
          <EventsPanel conversation={conversation} />
        </Tabs.Panel>
        <Tabs.Panel value="costs">
          <ConversationCosts conversation={conversation} />
        </Tabs.Panel>
        {network === 'telegram' && (
          <Tabs.Panel value="profile">
            <PartnerProfilePanel agent={chatRef.agent} channelId={chatRef.channelId} />
          </Tabs.Panel>
        )}
      </div>
    </Tabs>
  );
}
