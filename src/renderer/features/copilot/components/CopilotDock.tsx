import { Stack } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import type { ChatMsg } from '../../../../shared/domain/conversation';
import type { ChatRef } from '../../conversations/model';
import { conversationSelectors } from '../../conversations/selectors';
import { useConversationNetwork, useConversationStore } from '../../conversations/store';
import { draftsOf } from '../model';
import { useCopilotStore } from '../store';
import { AgentComposer } from './AgentComposer';
import { CopilotBar } from './CopilotBar';
import { DraftCard } from './DraftCard';
import { SpendingLimitAlert } from './SpendingLimitAlert';
import { XSendDialog } from './XSendDialog';

/** How many of the newest messages of others the reply picker offers. */
const REPLY_CHOICES = 12;

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
            <DraftCard key={draft.taskId} conversation={conversation} draft={draft} />
          ))}
        </Stack>
      )}
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
