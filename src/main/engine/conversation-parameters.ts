import type { ConversationParameters } from '../../shared/api/conversation-contract';
import type { ReplyPolicy } from '../../shared/domain/conversation';
import type { ConversationKey } from '../../shared/domain/conversation-key';
import type { EngineCore } from './engine-core';
import { requiresApproval } from './steering/approval';
import { effectiveLlmName } from './turn/received-turn';

export interface ConversationParametersPatch {
  llmOverride?: string | null;
  gaggedOverride?: boolean | null;
  replyPolicy?: ReplyPolicy;
  paused?: boolean;
  operatorOnly?: boolean;
  approvalOverride?: boolean | null;
}

/** The conversation's settings as the console shows them: overrides and what is in effect. */
export function readConversationParameters(
  core: EngineCore,
  conversation: ConversationKey,
): ConversationParameters {
  const { store, settings, llm } = core.deps;
  const stored = store.conversationSettings.get(conversation);
  const agent = core.agent(conversation.agent);
  const defaultLlm = settings().engine.defaultAgentLlm;
  const name = agent
    ? effectiveLlmName(stored.llmOverride, agent, defaultLlm)
    : (stored.llmOverride ?? defaultLlm);
  let effectiveLlm = name;
  try {
    const resolved = llm.resolve(name);
    effectiveLlm = `${resolved.provider}:${resolved.model}`;
  } catch {
    // Shown as written; the turn itself will fail with the routing error.
  }
  const agentGagged = agent?.gagged ?? false;
  return {
    llmOverride: stored.llmOverride,
    effectiveLlm,
    gaggedOverride: stored.gaggedOverride,
    gagged: stored.gaggedOverride ?? agentGagged,
    replyPolicy: stored.replyPolicy ?? 'callouts',
    paused: stored.paused,
    operatorOnly: stored.operatorOnly,
    approvalOverride: stored.approvalOverride,
    approval: requiresApproval(store, conversation),
  };
}

/** Applies the operator's change to the conversation's settings; fields left out stay as they are. */
export function updateConversationParameters(
  core: EngineCore,
  conversation: ConversationKey,
  patch: ConversationParametersPatch,
): ConversationParameters {
  const { store, clock } = core.deps;
  const agentGagged = core.agent(conversation.agent)?.gagged ?? false;
  store.transaction(() => {
    const current = store.conversationSettings.get(conversation);
    const gaggedOverride = patch.gaggedOverride === undefined ? current.gaggedOverride : patch.gaggedOverride;
    store.conversationSettings.put(
      conversation,
      {
        llmOverride: patch.llmOverride === undefined ? current.llmOverride : patch.llmOverride,
        // An override equal to the agent's default is no override.
        gaggedOverride: gaggedOverride === agentGagged ? null : gaggedOverride,
        // 'callouts' is the default; storing it would pin the conversation to today's default.
        replyPolicy:
          patch.replyPolicy === undefined
            ? current.replyPolicy
            : patch.replyPolicy === 'callouts'
              ? null
              : patch.replyPolicy,
        paused: patch.paused ?? current.paused,
        operatorOnly: patch.operatorOnly ?? current.operatorOnly,
        approvalOverride:
          patch.approvalOverride === undefined ? current.approvalOverride : patch.approvalOverride,
      },
      clock.now(),
    );
  });
  return readConversationParameters(core, conversation);
}
