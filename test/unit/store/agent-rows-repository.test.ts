import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/main/logging';
import {
  AGENT_NAME_COLUMNS,
  AgentRowsConflictError,
  COPIED_AGENT_NAME_COLUMNS,
  openDatabase,
  openStore,
  type Store,
} from '../../../src/main/store';

/** A column that holds an agent's config name: `agent`, or a name ending in `config_name` / `agent_name`. */
const AGENT_NAME_COLUMN = /^agent$|(^|_)config_name$|(^|_)agent_name$/;

describe('the tables keyed by an agent’s config name', () => {
  it('are every table of the migrated schema with an agent-name column', () => {
    const db = openDatabase(':memory:');
    const tables = db
      .prepare<[], { name: string }>(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
      )
      .all()
      .map((row) => row.name);
    const inSchema = tables.flatMap((table) =>
      db
        .prepare<[], { name: string }>(`SELECT name FROM pragma_table_xinfo('${table}')`)
        .all()
        .filter((column) => AGENT_NAME_COLUMN.test(column.name))
        .map((column) => `${table}.${column.name}`),
    );
    db.close();
    const listed = [...AGENT_NAME_COLUMNS, ...COPIED_AGENT_NAME_COLUMNS].map(
      ({ table, column }) => `${table}.${column}`,
    );
    // A new table keyed by agent must join AGENT_NAME_COLUMNS, or renaming and deleting agents miss it.
    expect(inSchema.filter((column) => !listed.includes(column))).toEqual([]);
    expect(listed.filter((column) => !inSchema.includes(column))).toEqual([]);
  });
});

const AT = new Date('2026-03-01T10:00:00.000Z');

function seed(store: Store, agent: string): void {
  const telegram = { agent, network: 'telegram' as const, channelId: 501 };
  store.agentState.update(agent, { enabled: false, telegramId: 42, loginState: 'logged-in' });
  store.agentSteering.put(agent, { requireApproval: true, dailyLimitUsd: 2, limitLiftedOn: null }, AT);
  store.telegramSessions.put(agent, 'production', Buffer.from('sealed'), {
    id: 42,
    name: agent,
    username: null,
    phone: null,
    premium: false,
  });
  store.taskLog.append({ agentConfigName: agent, channelId: 501, actionKind: 'llm_usage', details: {} });
  store.transaction(() =>
    store.archive.put(
      telegram,
      [
        {
          messageId: 1,
          senderId: 7,
          senderName: 'Pat',
          isAgent: false,
          replyTo: null,
          sentAt: AT.toISOString(),
          editedAt: null,
          text: `the lighthouse keeper of ${agent}`,
          partsJson: '[]',
        },
      ],
      AT,
    ),
  );
  store.memoryEntries.put(
    { agent, network: 'telegram', scope: 'memory' },
    {
      id: 'm1',
      content: 'Likes tea',
      created: '2026-03-01',
      creationChannelId: null,
      creationChannelName: null,
    },
    AT,
  );
  store.facts.insert(
    { agent, network: 'telegram', partnerId: 7 },
    {
      id: 'f1',
      category: 'preference',
      key: null,
      content: 'Pat sails',
      sourceChannelId: 501,
      sourceMessageIds: [1],
      writtenBy: 'operator',
    },
    AT,
  );
}

/** A Simulator chat with a person, a member and a message, and a task graph with a node: rows that reference each other. */
function seedLinkedRows(db: ReturnType<typeof openDatabase>, agent: string, personId: number): void {
  const at = AT.toISOString();
  db.prepare('INSERT INTO sim_people (id, agent, first_name, created_at) VALUES (?, ?, ?, ?)').run(
    personId,
    agent,
    'Pat',
    at,
  );
  db.prepare("INSERT INTO sim_chats (agent, channel_id, kind, created_at) VALUES (?, 7, 'direct', ?)").run(
    agent,
    at,
  );
  db.prepare('INSERT INTO sim_members (agent, channel_id, person_id) VALUES (?, 7, ?)').run(agent, personId);
  db.prepare(
    "INSERT INTO sim_messages (agent, channel_id, message_id, sender_person_id, parts_json, sent_at) VALUES (?, 7, 1, ?, '[]', ?)",
  ).run(agent, personId, at);
  db.prepare(
    "INSERT INTO task_graphs (agent, network, channel_id, id, context_json, created_at) VALUES (?, 'simulator', 7, ?, '{}', ?)",
  ).run(agent, `graph-${agent}`, at);
  db.prepare(
    `INSERT INTO task_nodes (agent, network, channel_id, id, position, kind, status, params_json, depends_on_json, created_at, updated_at)
     VALUES (?, 'simulator', 7, 'n1', 0, 'wait', 'pending', '{}', '[]', ?, ?)`,
  ).run(agent, at, at);
}

describe('AgentRowsRepository', () => {
  let store: Store;
  let raw: ReturnType<typeof openDatabase>;

  beforeEach(() => {
    const file = join(mkdtempSync(join(tmpdir(), 'troupe-agent-rows-')), 'troupe.db');
    store = openStore({ file, logger: createLogger({ level: 'silent' }), now: () => AT });
    raw = openDatabase(file);
    seed(store, 'Ada');
    seed(store, 'Bea');
    seedLinkedRows(raw, 'Ada', 1);
    seedLinkedRows(raw, 'Bea', 2);
  });

  afterEach(() => {
    raw.close();
    store.close();
  });

  /** FTS5 compares each index with the archive's rows (all indexed by now): it throws when they disagree. */
  const expectIndexesMatchArchive = () => {
    store.archiveIndex.indexPending();
    for (const index of ['archive_words', 'archive_stems']) {
      expect(() => raw.exec(`INSERT INTO ${index} (${index}) VALUES ('integrity-check')`)).not.toThrow();
    }
  };

  const find = (agent: string, words: string) =>
    store.archiveRecall
      .search({ agent, network: 'telegram', channelId: 501 }, { index: 'words', expression: words, limit: 5 })
      .map((match) => match.message.text);

  it('moves every row of an agent to its new name, the archive’s search and the other agents untouched', () => {
    const before = store.agentRows.count('Ada');
    const bea = store.agentRows.count('Bea');
    // Read before the move, as every turn reads it: what was read must not outlive the rows.
    const steering = store.agentSteering.get('Ada');
    expect(steering.dailyLimitUsd).toBe(2);
    steering.dailyLimitUsd = 99;
    expect(store.agentSteering.get('Ada').dailyLimitUsd).toBe(2);
    expect(Object.keys(before)).toEqual(
      expect.arrayContaining(['agent_state', 'telegram_sessions', 'task_log', 'sim_messages', 'task_nodes']),
    );

    expect(store.agentRows.rename('Ada', 'Ada_2')).toEqual(before);

    expect(store.agentRows.count('Ada')).toEqual({});
    expect(store.agentRows.count('Ada_2')).toEqual(before);
    expect(store.agentRows.count('Bea')).toEqual(bea);
    expect(store.agentState.get('Ada_2')).toMatchObject({ enabled: false, telegramId: 42 });
    expect(store.agentSteering.get('Ada_2').dailyLimitUsd).toBe(2);
    expect(store.agentSteering.get('Ada').dailyLimitUsd).toBeNull();
    expect(store.telegramSessions.get('Ada_2', 'production')?.user.id).toBe(42);
    expect(find('Ada_2', 'lighthouse')).toEqual(['the lighthouse keeper of Ada']);
    expect(find('Ada', 'lighthouse')).toEqual([]);
    expect(find('Bea', 'lighthouse')).toEqual(['the lighthouse keeper of Bea']);
    expect(raw.pragma('foreign_key_check')).toEqual([]);
    // The messages still queued for the indexes were indexed before their entries were re-keyed.
    expectIndexesMatchArchive();
  });

  it('refuses a name that already has rows, and moves nothing', () => {
    const before = store.agentRows.count('Ada');
    expect(() => store.agentRows.rename('Ada', 'Bea')).toThrow(AgentRowsConflictError);
    expect(store.agentRows.count('Ada')).toEqual(before);
  });

  it('deletes every row of an agent in one go, and its archive leaves the search', () => {
    const bea = store.agentRows.count('Bea');
    expect(store.agentSteering.get('Ada').requireApproval).toBe(true);
    const deleted = store.agentRows.delete('Ada');
    expect(store.agentSteering.get('Ada').requireApproval).toBe(false);
    expect(deleted.sim_messages).toBe(1);
    expect(store.agentRows.count('Ada')).toEqual({});
    expect(store.agentRows.count('Bea')).toEqual(bea);
    expect(find('Ada', 'lighthouse')).toEqual([]);
    expect(raw.pragma('foreign_key_check')).toEqual([]);
    expectIndexesMatchArchive();
  });
});
