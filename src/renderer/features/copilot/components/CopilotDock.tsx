import { Alert, Button, CopyButton, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import type { ChatMsg } from '../../../../shared/domain/conversation';
import type { ChatRef } from '../../conversations/model';
import { conversationSelectors } from '../../conversations/selectors';
import { useConversationNetwork, useConversationStore } from '../../conversations/store';
import {
  type DraftEdits,
  dismissLost,
  followDrafts,
  lostText,
  NO_DRAFT_EDITS,
  withEdit,
} from '../draft-edits';
import { type Draft, draftsOf } from '../model';
import { useCopilotStore } from '../store';
import { AgentComposer } from './AgentComposer';
import { CopilotBar } from './CopilotBar';
import { DraftCard } from './DraftCard';
import { SpendingLimitAlert } from './SpendingLimitAlert';
import { XSendDialog } from './XSendDialog';

/** How many of the newest messages of others the reply picker offers. */
const REPLY_CHOICES = 12;

/**
 * What the operator is typing into the drafts, following them as the agent replans: kept per
 * conversation, and moved to the drafts that replace theirs (see followDrafts). A plan still
 * loading (`known` false) changes nothing.
 */
function useDraftEdits(chatKey: string, drafts: readonly Draft[], known: boolean) {
  const [edits, setEdits] = useState<DraftEdits>(NO_DRAFT_EDITS);
  const [seen, setSeen] = useState({ chatKey, drafts });
  if (seen.chatKey !== chatKey) {
    setSeen({ chatKey, drafts });
    setEdits(NO_DRAFT_EDITS);
  } else if (known && seen.drafts !== drafts) {
    setSeen({ chatKey, drafts });
    setEdits((current) => followDrafts(current, seen.drafts, drafts));
  }
  return { edits, setEdits };
}

/** Text typed into a draft the agent withdrew: kept until a new draft takes it up, or dismissed. */
function LostEditNotice({
  agentName,
  text,
  onDismiss,
}: {
  agentName: string;
  text: string;
  onDismiss: () => void;
}) {
  return (
    <Alert
      color="orange"
      variant="light"
      p="xs"
      role="alert"
      icon={<IconAlertTriangle size={16} aria-hidden />}
      title={`${agentName} withdrew the draft you were working on`}
    >
      <Stack gap={6}>
        <Text size="xs">
          What you typed is kept: it moves to the draft that replaces it, if one comes. Meanwhile, copy it or
          dismiss it.
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} fs="italic">
          {text}
        </Text>
        <Group gap="xs">
          <CopyButton value={text}>
            {({ copied, copy }) => (
              <Button size="compact-xs" variant="light" color="orange" onClick={copy}>
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
          <Button size="compact-xs" variant="subtle" color="gray" onClick={onDismiss}>
            Dismiss
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/**
 * The operator's seat in a conversation, under its messages: a reached spending limit and why the
 * agent is quiet, the drafts waiting for approval, the co-pilot switches, and writing as the agent
 * (open by default while the conversation is the operator's only).
 */
export function CopilotDock({ chatRef, agentName }: { chatRef: ChatRef; agentName: string }) {
  const network = useConversationNetwork();
  const conversation = useMemo(() => ({ ...chatRef, network }), [chatRef, network]);
  const select = useMemo(
    () => ({
      graph: conversationSelectors.graph(chatRef),
      parameters: conversationSelectors.parameters(chatRef),
      timeline: conversationSelectors.timeline(chatRef),
    }),
    [chatRef],
  );
  const graph = useConversationStore(select.graph);
  const parameters = useConversationStore(select.parameters);
  const timeline = useConversationStore(select.timeline);
  const { updateParameters } = useConversationStore(conversationSelectors.actions);
  const steering = useCopilotStore((state) => state.agents[chatRef.agent]);
  const { loadAgent } = useCopilotStore((state) => state.actions);
  const [composerOpen, setComposerOpen] = useState<boolean | null>(null);
  const [intentOpen, setIntentOpen] = useState(false);
  const summary = useConversationStore(useMemo(() => conversationSelectors.summary(chatRef), [chatRef]));

  useEffect(() => {
    void loadAgent(chatRef.agent);
  }, [chatRef.agent, loadAgent]);

  const drafts = useMemo(() => draftsOf(graph?.value ?? null), [graph?.value]);
  const { edits, setEdits } = useDraftEdits(
    `${network}/${chatRef.agent}/${chatRef.channelId}`,
    drafts,
    graph?.value != null,
  );
  const recent = useMemo(() => {
    if (!timeline) return [];
    const { ids, byId } = timeline.window;
    const others: ChatMsg[] = [];
    for (let index = ids.length - 1; index >= 0 && others.length < REPLY_CHOICES; index--) {
      const message = byId[ids[index]!];
      if (message && !message.isAgent) others.push(message);
    }
    return others;
  }, [timeline]);

  const current = parameters?.value ?? null;
  const open = composerOpen ?? current?.operatorOnly ?? false;
  const limit = steering?.value?.limitReached ? steering.value : null;

  return (
    <Stack component="section" gap={8} px="md" py={8} className="copilot-dock" aria-label="Co-pilot">
      {limit && <SpendingLimitAlert steering={limit} agentName={agentName} />}
      {drafts.length > 0 && (
        <Stack gap={6} aria-label={`${drafts.length} drafts waiting for approval`}>
          {drafts.map((draft) => (
            <DraftCard
              key={draft.taskId}
              conversation={conversation}
              agentName={agentName}
              draft={draft}
              edit={edits.byTask[draft.taskId] ?? null}
              onEdit={(edit) => setEdits((current) => withEdit(current, draft.taskId, edit))}
            />
          ))}
        </Stack>
      )}
      {edits.lost.map((lost) => (
        <LostEditNotice
          key={lost.id}
          agentName={agentName}
          text={lostText(lost)}
          onDismiss={() => setEdits((current) => dismissLost(current, lost.id))}
        />
      ))}
      {current && (
        <CopilotBar
          agentName={agentName}
          parameters={current}
          agentApproves={steering?.value?.requireApproval ?? false}
          saving={parameters?.saving ?? false}
          update={(patch) => updateParameters(chatRef, patch)}
          composerOpen={open}
          onToggleComposer={() => setComposerOpen(!open)}
          onIntent={() => setIntentOpen(true)}
        />
      )}
      {intentOpen && (
        <XSendDialog
          agent={chatRef.agent}
          network={network}
          target={{
            channelId: chatRef.channelId,
            title: summary?.title ?? `Chat ${chatRef.channelId}`,
            kind: summary?.kind ?? 'direct',
          }}
          opened
          onClose={() => setIntentOpen(false)}
        />
      )}
      {open && <AgentComposer conversation={conversation} agentName={agentName} recent={recent} />}
    </Stack>
  );
}
