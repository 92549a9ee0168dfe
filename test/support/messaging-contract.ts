import { afterEach, beforeEach, describe } from 'vitest';
import type { MessagingPort } from '../../src/main/messaging/port';
import { describeChatContract } from './messaging-contract/chats';
import { describeHistoryContract } from './messaging-contract/history';
import { describeInboundContract } from './messaging-contract/inbound';
import { describeReadStateContract } from './messaging-contract/read-state';
import { ContractScope } from './messaging-contract/scope';
import { describeSendingContract } from './messaging-contract/sending';

/**
 * The behaviour every MessagingPort implementation must have. Run it with
 * `describeMessagingPortContract(name, setup)`; `setup` builds a fresh port and a driver that plays
 * the people on the other side (the Simulator's operator actions, or a fake MTProto server).
 * Each area of the contract is in its own file under messaging-contract/.
 */

export interface ContractPerson {
  id: number;
  firstName: string;
  lastName: string | null;
  username: string | null;
}

export interface ContractDirectChat {
  channelId: number;
  person: ContractPerson;
}

export interface ContractGroupChat {
  channelId: number;
  title: string;
  /** At least two. */
  people: ContractPerson[];
}

export interface PersonOptions {
  /** The person acting; the chat's first person when absent. */
  from?: number;
}

export interface MessagingContractHarness {
  port: MessagingPort;
  /**
   * An agent the port serves. Its account has a username (for @-mentions), at least one
   * sendable sticker and at least one media item, a photo among them.
   */
  agent: string;
  /** A new direct chat with a new person who has a username. */
  createDirectChat(): Promise<ContractDirectChat>;
  /** A new group of the agent and at least two new people. */
  createGroupChat(): Promise<ContractGroupChat>;
  /** A person writes; resolves to the new message's id. */
  personSays(
    channelId: number,
    text: string,
    options?: PersonOptions & { replyTo?: number },
  ): Promise<number>;
  personEdits(channelId: number, messageId: number, text: string, options?: PersonOptions): Promise<void>;
  personDeletes(channelId: number, messageIds: number[], options?: PersonOptions): Promise<void>;
  /** Sets, or with null removes, the person's reaction. */
  personReacts(
    channelId: number,
    messageId: number,
    emoji: string | null,
    options?: PersonOptions,
  ): Promise<void>;
  personTypes(channelId: number, options?: PersonOptions): Promise<void>;
  close(): Promise<void>;
}

export function describeMessagingPortContract(
  name: string,
  setup: () => Promise<MessagingContractHarness>,
): void {
  describe(`MessagingPort contract: ${name}`, () => {
    const scope = new ContractScope();
    beforeEach(() => scope.open(setup));
    afterEach(() => scope.close());

    describeChatContract(scope);
    describeInboundContract(scope);
    describeSendingContract(scope);
    describeReadStateContract(scope);
    describeHistoryContract(scope);
  });
}
