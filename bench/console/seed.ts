import { join } from 'node:path';
import { FIRST_SIMULATED_PERSON_ID } from '../../src/main/simulator/simulated-ids';
import { DATABASE_FILE_NAME, openDatabase } from '../../src/main/store';

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
 * Simulator's tables: the API would cost a round trip, and an agent turn, per message. Every
 * message is already read by the agent and the people, so the runtime starts no turn for them.
 */
export function seedSimulatorChats({
  stateDir,
  agent,
  bigChatMessages,
  otherChats,
}: SeedOptions): SeededChats {
  const db = openDatabase(join(stateDir, DATABASE_FILE_NAME));
  try {
    const start = Date.now() - bigChatMessages * MINUTE_MS;
    const iso = (minute: number) => new Date(start + minute * MINUTE_MS).toISOString();
    const insertPerson = db.prepare(
      `INSERT INTO sim_people (id, agent, first_name, last_name, created_at) VALUES (?, ?, ?, ?, ?)`,
    );
    const insertChat = db.prepare(
      `INSERT INTO sim_chats (agent, channel_id, kind, last_message_id, agent_read_up_to, people_read_up_to, created_at)
       VALUES (?, ?, 'direct', ?, ?, ?, ?)`,
    );
    const insertMember = db.prepare(
      'INSERT INTO sim_members (agent, channel_id, person_id, read_up_to) VALUES (?, ?, ?, ?)',
    );
    const insertMessage = db.prepare(
      `INSERT INTO sim_messages (agent, channel_id, message_id, sender_person_id, parts_json, sent_at)
       VALUES (?, ?, ?, ?, ?, ?)`,
    );
    const setCounter = db.prepare('INSERT INTO sim_counters (name, value) VALUES (?, ?)');
    let nextPersonId = FIRST_SIMULATED_PERSON_ID;

    /** A direct chat with a new person and its messages, `sender(index)` null for the agent. */
    const addChat = (firstName: string, texts: string[], firstMinute: number) => {
      const personId = nextPersonId++;
      insertPerson.run(personId, agent, firstName, 'Bench', iso(0));
      const last = texts.length;
      insertChat.run(agent, personId, last, last, last, iso(0));
      insertMember.run(agent, personId, personId, last);
      texts.forEach((text, index) => {
        const parts = JSON.stringify([{ kind: 'text', text }]);
        const sender = index % 2 === 0 ? personId : null;
        insertMessage.run(agent, personId, index + 1, sender, parts, iso(firstMinute + index));
      });
      return personId;
    };

    return db.transaction(() => {
      const texts = Array.from({ length: bigChatMessages }, (_, index) => benchText(index));
      const bigPersonId = addChat('Reader', texts, 0);
      for (let chat = 0; chat < otherChats; chat += 1)
        addChat(`Person${chat}`, [`Hello from chat ${chat}`], chat % bigChatMessages);
      // The Simulator hands out the next person id from this counter.
      setCounter.run('person', nextPersonId - 1);
      return { bigChannelId: bigPersonId, bigPersonId, bigLastText: texts.at(-1)! };
    })();
  } finally {
    db.close();
  }
}
