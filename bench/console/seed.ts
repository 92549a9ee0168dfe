import { join } from 'node:path';
import { createLogger } from '../../src/main/logging';
import { FIRST_SIMULATED_PERSON_ID } from '../../src/main/simulator/simulated-ids';
import { DATABASE_FILE_NAME, openStore } from '../../src/main/store';

export type SeededChats = {
  /** The chat with `bigChatMessages` messages, a direct chat whose channel id is its person's. */
  bigChannelId: number;
  bigPersonId: number;
  /** Text of the big chat's newest message. */
  bigLastText: string;
};

export type SeedOptions = {
  stateDir: string;
  agent: string;
  bigChatMessages: number;
  otherChats: number;
};

const MINUTE_MS = 60_000;

const benchText = (index: number) =>
  index % 2 === 0
    ? `Message ${index}: did the new shipment of crime novels arrive yet, and is the shop open late on Thursday?`
    : `Message ${index}: it came in this morning, and yes, until nine. I put two Christies aside for you.`;

/**
 * Writes the bench's Simulator chats into a fresh state database in one transaction, through the
 * Simulator's repositories: the API would cost a round trip, and an agent turn, per message. Every
 * message is already read by the agent and the people, so the runtime starts no turn for them.
 */
export function seedSimulatorChats({
  stateDir,
  agent,
  bigChatMessages,
  otherChats,
}: SeedOptions): SeededChats {
  const store = openStore({
    file: join(stateDir, DATABASE_FILE_NAME),
    logger: createLogger({ level: 'silent' }),
  });
  try {
    const { people, chats, messages } = store.simulator;
    const start = Date.now() - bigChatMessages * MINUTE_MS;
    const iso = (minute: number) => new Date(start + minute * MINUTE_MS).toISOString();

    /** A direct chat with a new person and its messages, every other one the agent's, all read. */
    const addChat = (firstName: string, texts: string[], firstMinute: number) => {
      const personId = chats.nextCounterValue('person', FIRST_SIMULATED_PERSON_ID);
      const createdAt = iso(0);
      people.insert({
        id: personId,
        agent,
        firstName,
        lastName: 'Bench',
        username: null,
        bio: null,
        createdAt,
      });
      const key = { agent, channelId: personId };
      chats.insert({ ...key, kind: 'direct', title: null, createdAt });
      chats.addMember(key, personId);
      texts.forEach((text, index) => {
        messages.insert({
          ...key,
          messageId: chats.claimMessageId(key),
          senderPersonId: index % 2 === 0 ? personId : null,
          replyTo: null,
          parts: [{ kind: 'text', text }],
          mentioned: false,
          sentAt: iso(firstMinute + index),
        });
      });
      const last = texts.length;
      messages.markAgentRead(key, { upToMessageId: last, clearMentions: true, clearReactions: true });
      chats.setPeopleReadUpTo(key, last);
      chats.setMemberReadUpTo(key, personId, last);
      return personId;
    };

    return store.transaction(() => {
      const texts = Array.from({ length: bigChatMessages }, (_, index) => benchText(index));
      const bigPersonId = addChat('Reader', texts, 0);
      for (let chat = 0; chat < otherChats; chat += 1)
        addChat(`Person${chat}`, [`Hello from chat ${chat}`], chat % bigChatMessages);
      return { bigChannelId: bigPersonId, bigPersonId, bigLastText: texts.at(-1)! };
    });
  } finally {
    store.close();
  }
}
