import { setTimeout as sleep } from 'node:timers/promises';
import type {
  ControlGroup,
  ControlMessage,
  ControlPerson,
  FakeTelegramControl,
} from '../../test/support/fake-telegram/control-client';

const POLL_MS = 1_000;

/** A chat of the agent's, as the terminal names its messages. */
interface EchoedChat {
  /** The chat's messages as the agent sees them, oldest first. */
  read: () => Promise<ControlMessage[]>;
  /** The line for a message someone else wrote; the agent's are indented under them. */
  line: (sender: string, text: string) => string;
  agentLine: (text: string) => string;
}

/**
 * Prints every message of the agent's chats with the demo's people and in their group as it
 * arrives, whoever wrote it: the scripted lines, what the operator sends through the control
 * interface, and what the agent or the operator (writing as the agent) answers.
 */
export async function echoConversations(
  control: FakeTelegramControl,
  agent: ControlPerson,
  people: readonly ControlPerson[],
  group: ControlGroup,
  signal: AbortSignal,
  report: (line: string) => void,
): Promise<void> {
  const names = new Map([agent, ...people].map((person) => [person.id, person.firstName]));
  const chats: EchoedChat[] = [
    ...people.map((person) => ({
      read: () => control.messages(agent.id, person.id),
      line: (sender: string, text: string) => `${sender}: ${text}`,
      agentLine: (text: string) => `  ${agent.firstName} to ${person.firstName}: ${text}`,
    })),
    {
      read: () => control.groupMessages(group.id, agent.id),
      line: (sender: string, text: string) => `${sender} in ${group.title}: ${text}`,
      agentLine: (text: string) => `  ${agent.firstName} in ${group.title}: ${text}`,
    },
  ];
  const shown = chats.map(() => new Set<number>());
  while (!signal.aborted) {
    for (const [index, chat] of chats.entries()) {
      for (const message of await chat.read()) {
        if (shown[index]!.has(message.id)) continue;
        shown[index]!.add(message.id);
        const sender = names.get(message.senderId) ?? message.senderId;
        report(
          message.senderId === agent.id ? chat.agentLine(message.text) : chat.line(sender, message.text),
        );
      }
    }
    await sleep(POLL_MS, undefined, { signal }).catch(() => {});
  }
}
