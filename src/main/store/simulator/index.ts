import type { SqliteDatabase } from '../migrations/migration';
import { SimulatorChatsRepository } from './simulator-chats-repository';
import { SimulatorFilesRepository } from './simulator-files-repository';
import { SimulatorMessagesRepository } from './simulator-messages-repository';
import { SimulatorPeopleRepository } from './simulator-people-repository';
import { SimulatorSentKeysRepository } from './simulator-sent-keys-repository';

export type { SimulatorFile } from './simulator-files-repository';
export {
  SimulatorChatsRepository,
  SimulatorFilesRepository,
  SimulatorMessagesRepository,
  SimulatorPeopleRepository,
  SimulatorSentKeysRepository,
};

/** The Simulator's tables (migrations 002 and 012), a repository per aggregate. */
export interface SimulatorTables {
  readonly people: SimulatorPeopleRepository;
  readonly chats: SimulatorChatsRepository;
  readonly messages: SimulatorMessagesRepository;
  readonly sentKeys: SimulatorSentKeysRepository;
  /** Bytes of the files people sent. */
  readonly files: SimulatorFilesRepository;
}

export function simulatorTables(db: SqliteDatabase): SimulatorTables {
  const chats = new SimulatorChatsRepository(db);
  return {
    people: new SimulatorPeopleRepository(db, () => chats.forgetMembers()),
    chats,
    messages: new SimulatorMessagesRepository(db, (key) => chats.forgetChat(key)),
    sentKeys: new SimulatorSentKeysRepository(db),
    files: new SimulatorFilesRepository(db),
  };
}
