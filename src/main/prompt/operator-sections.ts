import type { AgentConfig } from '../../shared/domain/config';
import type { ChatInfo } from '../../shared/domain/conversation';
import { substituteTemplates } from '../config/templates';
import { type PromptSection, promptSection } from './section';

/** A role prompt that teaches task kinds (Task-*), as opposed to one about who the agent is. */
export function isCapabilityPrompt(name: string): boolean {
  return /^task-/i.test(name);
}

/** Fills {char} and {user} placeholders for one agent in one chat. */
export type Substitute = (text: string) => string;

export function templateSubstitution(agent: AgentConfig, agentId: number | null, chat: ChatInfo): Substitute {
  return (text) =>
    substituteTemplates(text, {
      agentName: agent.name,
      agentId: agentId ?? agent.configName,
      userName: chat.title,
      userId: chat.channelId,
    });
}

/**
 * What the operator wrote, placeholders filled: the instructions prompt (Instructions, or a
 * memory task's own), the agent's instructions, then its role prompts in configured order.
 */
export function operatorSections(
  input: {
    instructionsName: string;
    instructions: string;
    agent: AgentConfig;
    rolePrompts: readonly { name: string; text: string }[];
  },
  substitute: Substitute,
): (PromptSection | null)[] {
  const agentInstructions = input.agent.instructions.trim();
  return [
    promptSection('instructions', input.instructionsName, substitute(input.instructions), true),
    agentInstructions === ''
      ? null
      : promptSection(
          'agent-instructions',
          'Agent instructions',
          `# Agent Instructions\n\n${substitute(agentInstructions)}`,
          true,
        ),
    ...input.rolePrompts.map((role) =>
      promptSection(`role:${role.name}`, role.name, substitute(role.text), true),
    ),
  ];
}
