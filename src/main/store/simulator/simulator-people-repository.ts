import type { SqliteDatabase } from '../migrations/migration';
import type { NewPerson, PersonRow } from './simulator-rows';

/** The simulated people of each agent, and the people each agent has blocked. */
export class SimulatorPeopleRepository {
  readonly #statements;
  /** Told when a person changes in a way their chats' member lists show. */
  readonly #onMembersChanged: () => void;

  constructor(db: SqliteDatabase, onMembersChanged: () => void) {
    this.#onMembersChanged = onMembersChanged;
    this.#statements = {
      insert: db.prepare<NewPerson>(
        `INSERT INTO sim_people (id, agent, first_name, last_name, username, bio, created_at)
         VALUES (@id, @agent, @firstName, @lastName, @username, @bio, @createdAt)`,
      ),
      select: db.prepare<{ agent: string; personId: number }, PersonRow>(
        'SELECT * FROM sim_people WHERE agent = @agent AND id = @personId',
      ),
      selectByUsername: db.prepare<{ agent: string; username: string }, PersonRow>(
        'SELECT * FROM sim_people WHERE agent = @agent AND username = @username COLLATE NOCASE',
      ),
      updateBlocksAgent: db.prepare<{ agent: string; personId: number; blocks: number }>(
        'UPDATE sim_people SET blocks_agent = @blocks WHERE agent = @agent AND id = @personId',
      ),
      selectBlocked: db.prepare<{ agent: string; userId: number }, { user_id: number }>(
        'SELECT user_id FROM sim_blocked WHERE agent = @agent AND user_id = @userId',
      ),
      insertBlocked: db.prepare<{ agent: string; userId: number; blockedAt: string }>(
        `INSERT INTO sim_blocked (agent, user_id, blocked_at) VALUES (@agent, @userId, @blockedAt)
         ON CONFLICT (agent, user_id) DO NOTHING`,
      ),
      deleteBlocked: db.prepare<{ agent: string; userId: number }>(
        'DELETE FROM sim_blocked WHERE agent = @agent AND user_id = @userId',
      ),
    };
  }

  insert(person: NewPerson): void {
    this.#statements.insert.run(person);
  }

  get(agent: string, personId: number): PersonRow | undefined {
    return this.#statements.select.get({ agent, personId });
  }

  /** The agent's person with this username, ignoring case. */
  byUsername(agent: string, username: string): PersonRow | undefined {
    return this.#statements.selectByUsername.get({ agent, username });
  }

  /** Whether the person has blocked the agent (the operator plays this). */
  setBlocksAgent(agent: string, personId: number, blocks: boolean): void {
    this.#onMembersChanged();
    this.#statements.updateBlocksAgent.run({ agent, personId, blocks: blocks ? 1 : 0 });
  }

  /** Whether the agent has blocked this user. */
  isBlocked(agent: string, userId: number): boolean {
    return this.#statements.selectBlocked.get({ agent, userId }) !== undefined;
  }

  block(agent: string, userId: number, blockedAt: string): void {
    this.#statements.insertBlocked.run({ agent, userId, blockedAt });
  }

  unblock(agent: string, userId: number): void {
    this.#statements.deleteBlocked.run({ agent, userId });
  }
}
