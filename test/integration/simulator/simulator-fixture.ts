import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ManualClock } from '../../../src/main/clock';
import { createLogger, type Logger } from '../../../src/main/logging';
import type { AccountInfo, MediaRef } from '../../../src/main/messaging/port';
import { createSimulator, type Simulator } from '../../../src/main/simulator';
import { DATABASE_FILE_NAME, openStore, type Store } from '../../../src/main/store';
import type { ChatPerson, StickerRef } from '../../../src/shared/domain/conversation';
import type {
  ContractPerson,
  MessagingContractHarness,
  PersonOptions,
} from '../../support/messaging-contract';

export const AGENT = 'Cindy';

export const AGENT_ACCOUNT: AccountInfo = {
  id: 5_550_001,
  name: 'Cindy Lou',
  username: 'cindy_lou',
  premium: false,
};

export const STICKERS: StickerRef[] = [
  {
    setName: 'WendyDancer',
    setTitle: 'Wendy the Dancer',
    name: '😀',
    uniqueId: 'AgADwendy01',
    description: 'a cartoon dancer grinning widely',
  },
  {
    setName: 'WendyDancer',
    setTitle: 'Wendy the Dancer',
    name: '😢',
    uniqueId: 'AgADwendy02',
    description: 'a cartoon dancer crying into a towel',
  },
];

export const MEDIA: MediaRef[] = [
  {
    uniqueId: '5100000000000000001',
    kind: 'photo',
    description: 'a sunset over a harbour, boats in silhouette',
  },
  { uniqueId: '5100000000000000002', kind: 'video', description: null },
];

/** A Simulator on a SQLite file in its own temporary directory, reopenable as after a restart. */
export class SimulatorFixture {
  readonly dir = mkdtempSync(join(tmpdir(), 'troupe-simulator-'));
  readonly clock: ManualClock;
  readonly logger: Logger = createLogger({ level: 'silent' });
  store!: Store;
  simulator!: Simulator;

  constructor(clock = new ManualClock()) {
    this.clock = clock;
    this.#open();
  }

  /** Closes the Simulator and the database, and opens both again on the same file. */
  reopen(): Simulator {
    this.#closeSimulatorAndStore();
    this.#open();
    return this.simulator;
  }

  close(): void {
    this.#closeSimulatorAndStore();
    rmSync(this.dir, { recursive: true, force: true });
  }

  #open(): void {
    this.store = openStore({ file: join(this.dir, DATABASE_FILE_NAME), logger: this.logger });
    this.simulator = createSimulator({
      store: this.store,
      clock: this.clock,
      logger: this.logger,
      stickers: () => STICKERS,
      media: () => MEDIA,
      curatedFile: async () => null,
      agentAccount: () => AGENT_ACCOUNT,
    });
  }

  #closeSimulatorAndStore(): void {
    this.simulator.close();
    this.store.close();
  }
}

function toContractPerson(person: ChatPerson): ContractPerson {
  return { id: person.id, firstName: person.firstName, lastName: person.lastName, username: person.username };
}

/** The contract driver over a fresh Simulator: the operator actions play the people. */
export async function simulatorContractHarness(): Promise<MessagingContractHarness> {
  const fixture = new SimulatorFixture();
  const simulator = fixture.simulator;
  let peopleCreated = 0;
  const newPerson = (firstName: string, lastName?: string) => {
    peopleCreated += 1;
    return {
      firstName,
      ...(lastName ? { lastName } : {}),
      username: `${firstName.toLowerCase()}_${peopleCreated}`,
    };
  };
  const actor = (channelId: number, options?: PersonOptions) =>
    options?.from ?? simulator.chat(AGENT, channelId).people[0]!.id;

  return {
    port: simulator,
    agent: AGENT,
    async createDirectChat() {
      const { chat, people } = simulator.createChat(AGENT, {
        kind: 'direct',
        people: [newPerson('Ann', 'Reader')],
      });
      return { channelId: chat.channelId, person: toContractPerson(people[0]!) };
    },
    async createGroupChat() {
      const { chat, people } = simulator.createChat(AGENT, {
        kind: 'group',
        title: 'Book club',
        people: [newPerson('Bob'), newPerson('Carla', 'Diaz')],
      });
      return { channelId: chat.channelId, title: chat.title, people: people.map(toContractPerson) };
    },
    async personSays(channelId, text, options) {
      // Writing takes a moment, so chats' activity has an order, as it has on a real clock.
      fixture.clock.advance(1_000);
      return simulator.sendAsPerson(AGENT, channelId, actor(channelId, options), {
        text,
        replyTo: options?.replyTo ?? null,
      }).messageId;
    },
    async personEdits(channelId, messageId, text, options) {
      simulator.editAsPerson(AGENT, channelId, actor(channelId, options), messageId, text);
    },
    async personDeletes(channelId, messageIds, options) {
      simulator.deleteAsPerson(AGENT, channelId, actor(channelId, options), messageIds);
    },
    async personReacts(channelId, messageId, emoji, options) {
      simulator.reactAsPerson(AGENT, channelId, actor(channelId, options), messageId, emoji);
    },
    async personTypes(channelId, options) {
      simulator.typeAsPerson(AGENT, channelId, actor(channelId, options));
    },
    async close() {
      fixture.close();
    },
  };
}
