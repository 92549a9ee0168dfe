import { Badge, Tabs, Tooltip } from '@mantine/core';
import {
  IconAdjustments,
  IconAlarm,
  IconBrain,
  IconCoin,
  IconSparkles,
  IconTopologyStar3,
  IconUserCircle,
} from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
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

interface InspectorTabEntry {
  value: InspectorTab;
  label: string;
  icon: ReactNode;
  /** A count on the tab (the plan's unfinished tasks), with its words for screen readers. */
  badge?: { count: number; words: string } | null;
}

/**
 * One tab of the inspector: its icon, and its label only while it is the open one (seven labels
 * do not fit the inspector's width); the others name themselves in a tooltip and to screen readers.
 */
function InspectorTabButton({ value, label, icon, badge, active }: InspectorTabEntry & { active: boolean }) {
  return (
    // Below the tabs: above them it would cover the drawer's close button on a phone.
    <Tooltip label={label} disabled={active} openDelay={300} position="bottom">
      <Tabs.Tab
        value={value}
        aria-label={badge ? `${label}, ${badge.words}` : label}
        leftSection={icon}
        rightSection={
          badge ? (
            <Badge size="xs" circle variant="filled" aria-hidden>
              {badge.count}
            </Badge>
          ) : null
        }
        style={{ paddingInline: 8, flex: active ? '1 1 auto' : 'none' }}
      >
        {active ? label : null}
      </Tabs.Tab>
    </Tooltip>
  );
}

/**
 * Beside the conversation: the live task graph, the last LLM exchange, the chat's parameters,
 * what the agent remembers of it, its scheduled events, what its calls cost and, on Telegram,
 * the partner's profile.
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
  const tabs: InspectorTabEntry[] = [
    {
      value: 'tasks',
      label: 'Tasks',
      icon: <IconTopologyStar3 size={15} aria-hidden />,
      badge: pending > 0 ? { count: pending, words: `${pending} unfinished` } : null,
    },
    { value: 'exchange', label: 'LLM', icon: <IconSparkles size={15} aria-hidden /> },
    { value: 'parameters', label: 'Parameters', icon: <IconAdjustments size={15} aria-hidden /> },
    { value: 'memory', label: 'Memory', icon: <IconBrain size={15} aria-hidden /> },
    { value: 'events', label: 'Events', icon: <IconAlarm size={15} aria-hidden /> },
    { value: 'costs', label: 'Costs', icon: <IconCoin size={15} aria-hidden /> },
    ...(network === 'telegram'
      ? [{ value: 'profile' as const, label: 'Profile', icon: <IconUserCircle size={15} aria-hidden /> }]
      : []),
  ];

  return (
    <Tabs
      value={tab}
      onChange={(value) => setTab((value as InspectorTab | null) ?? 'tasks')}
      keepMounted={false}
      style={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1 }}
      styles={{ list: { flexWrap: 'nowrap' }, tabSection: { marginInlineEnd: 4 } }}
    >
      <Tabs.List px="xs" style={{ flex: 'none' }}>
        {tabs.map((entry) => (
          <InspectorTabButton key={entry.value} {...entry} active={tab === entry.value} />
        ))}
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
