import type { AgentSteeringView } from '../../../shared/api';
import type { Clock } from '../../clock';
import type { ConversationEngine } from '../../engine';
import type { AgentSteering, Store } from '../../store';
import type { ApiHandlers } from '../dispatcher';
import type { EventHub } from '../event-hub';
import { type ConversationHandlerDeps, conversationAccess, planAction } from './conversation-access';
import { requireAgent } from './simulator-handlers';

type CopilotProcedure =
  | 'copilot.send'
  | 'copilot.approveDraft'
  | 'copilot.rejectDraft'
  | 'copilot.waitingDrafts'
  | 'copilot.stickers'
  | 'copilot.agentSettings'
  | 'copilot.updateAgentSettings'
  | 'copilot.liftLimit';

export interface CopilotHandlerDeps extends ConversationHandlerDeps {
  store: Pick<Store, 'agentSteering'>;
  clock: Clock;
  events: EventHub;
}

/**
 * The operator's co-pilot procedures: takeover sends and drafts act on a conversation's engine;
 * the per-agent settings live in the store, apply to every network's engine at once and are
 * announced, so every open console shows them.
 */
export function createCopilotHandlers(deps: CopilotHandlerDeps): Pick<ApiHandlers, CopilotProcedure> {
  const { networks, networkFor, inConversation } = conversationAccess(deps);
  const engines = (): ConversationEngine[] => Object.values(networks).map((network) => network.engine);
  const { store, clock, events } = deps;

  const view = (agent: string): AgentSteeringView => {
    const steering = store.agentSteering.get(agent);
    const spending = deps.simulatorEngine.spending(agent);
    return {
      agent,
      requireApproval: steering.requireApproval,
      dailyLimitUsd: steering.dailyLimitUsd,
      spentTodayUsd: spending.spentUsd,
      limitReached: spending.reached,
      liftedToday: spending.lifted,
      day: spending.day,
      resetsAt: spending.resetsAt.toISOString(),
    };
  };
  /** Stores a change, lets every engine look again (a lifted limit frees held turns) and tells the consoles. */
  const change = (agent: string, patch: Partial<AgentSteering>) => {
    requireAgent(deps.config, agent);
    store.agentSteering.put(agent, { ...store.agentSteering.get(agent), ...patch }, clock.now());
    for (const engine of engines()) engine.refresh();
    events.emit('copilot.agentChanged', { agent });
    return view(agent);
  };

  return {
    'copilot.send': async ({ message, replyTo, ...ref }) =>
      inConversation(ref, async (engine) => {
        const operatorMessage = { ...message, replyTo: replyTo ?? null };
        const taskId = await planAction(() => engine.sendAsOperator(ref, operatorMessage));
        return { taskId, graph: engine.graph(ref) };
      }),
    'copilot.approveDraft': ({ taskId, text, ...ref }) =>
      inConversation(ref, (engine) =>
        planAction(() => {
          engine.approveDraft(ref, taskId, text);
          return { graph: engine.graph(ref) };
        }),
      ),
    'copilot.rejectDraft': ({ taskId, instruction, ...ref }) =>
      inConversation(ref, async (engine) => {
        const guidance = instruction === undefined || instruction === '' ? null : instruction;
        const started = await planAction(() => engine.rejectDraft(ref, taskId, guidance));
        return { started, graph: engine.graph(ref) };
      }),
    'copilot.waitingDrafts': () => {
      const agentNames = new Map(deps.config.config.agents.map((agent) => [agent.configName, agent.name]));
      const chats = Object.values(networks).flatMap((network) =>
        network.engine.waitingDrafts().flatMap(({ conversation, title, drafts }) => {
          const agentName = agentNames.get(conversation.agent);
          // An agent gone from the configuration keeps its rows, but no console can act for it.
          return agentName === undefined ? [] : [{ ...conversation, agentName, title, drafts }];
        }),
      );
      return {
        chats: chats.sort((a, b) => a.agentName.localeCompare(b.agentName) || a.title.localeCompare(b.title)),
      };
    },
    'copilot.stickers': async ({ agent, network }) => ({
      stickers: await networkFor(network).listStickers(agent),
    }),
    'copilot.agentSettings': ({ agent }) => {
      requireAgent(deps.config, agent);
      return view(agent);
    },
    'copilot.updateAgentSettings': ({ agent, ...patch }) => change(agent, patch),
    'copilot.liftLimit': ({ agent }) => change(agent, { limitLiftedOn: view(agent).day }),
  };
}
