import '../memory.css';
import { Anchor, Divider, Group, Stack } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link } from 'wouter';
import { agentMemoryPath } from '../../agents/paths';
import { agentsSelectors } from '../../agents/selectors';
import { useAgentsStore } from '../../agents/store';
import { type ConversationRef, conversationListRefs, SCOPE_LABELS } from '../model';
import { EntryList } from './EntryList';
import { PanelSection } from './PanelSection';
import { RecallSearch } from './RecallSearch';
import { SessionList } from './SessionList';
import { SummaryList } from './SummaryList';

/**
 * The Memory tab of a conversation's inspector: what the agent would recall here, its notes and
 * plans for the chat, the chat's summaries and topics, and (in a direct chat) the way to what it
 * knows about the person.
 */
export function ConversationMemoryPanel({
  conversation,
  partnerName,
}: {
  conversation: ConversationRef;
  /** The person of a direct chat (whose user id is the chat's), else null. */
  partnerName: string | null;
}) {
  const [notes, plans] = useMemo(() => conversationListRefs(conversation), [conversation]);
  const agents = useAgentsStore(agentsSelectors.agents);
  const agentName =
    agents.find((agent) => agent.config.configName === conversation.agent)?.config.name ?? conversation.agent;
  return (
    <Stack gap="lg">
      <RecallSearch conversation={conversation} />
      <Divider />
      <PanelSection title={SCOPE_LABELS.note.title}>
        <EntryList listRef={notes!} />
      </PanelSection>
      <PanelSection title={SCOPE_LABELS.plan.title}>
        <EntryList listRef={plans!} />
      </PanelSection>
      <Divider />
      <SummaryList conversation={conversation} />
      <Divider />
      <SessionList conversation={conversation} />
      {partnerName !== null && (
        <>
          <Divider />
          <Anchor
            component={Link}
            href={agentMemoryPath(conversation.agent, conversation.network, conversation.channelId)}
            size="sm"
          >
            <Group gap={4} component="span">
              What {agentName} knows about {partnerName}
              <IconArrowRight size={14} aria-hidden />
            </Group>
          </Anchor>
        </>
      )}
    </Stack>
  );
}
