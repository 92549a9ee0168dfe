import type { SqliteDatabase } from '../migrations/migration';
import { SimulatorChatsRepository } from './simulator-chats-repository';
import { SimulatorMessagesRepository } from './simulator-messages-repository';
import { SimulatorPeopleRepository } from './simulator-people-repository';
import { SimulatorSentKeysRepository } from './simulator-sent-keys-repository';

export {
  SimulatorChatsRepository,
  SimulatorMessagesRepository,
  SimulatorPeopleRepository,
  SimulatorSentKeysRepository,
};

/** The Simulator's tables (migration 002), a repository per aggregate. */
export interface SimulatorTables {
  readonly people: SimulatorPeopleRepository;
  readonly chats: SimulatorChatsRepository;
  readonly messages: SimulatorMessagesRepository;
  readonly sentKeys: SimulatorSentKeysRepository;
}

export function simulatorTables(db: SqliteDatabase): SimulatorTables {
  const chats = new SimulatorChatsRepository(db);
  return {
    people: new SimulatorPeopleRepository(db, () => chats.forgetMembers()),
    chats,
    messages: new SimulatorMessagesRepository(db),
    sentKeys: new SimulatorSentKeysRepository(db),
  };
}
