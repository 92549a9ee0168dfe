import { describe, expect, it } from 'vitest';
import { AgentStateConflictError, AgentStateRepository, openDatabase } from '../../../src/main/store';
import { manualClock } from '../../support/helpers';

function setup() {
  const db = openDatabase(':memory:');
  const clock = manualClock('2026-03-01T10:00:00.000Z');
  return { db, clock, agents: new AgentStateRepository(db, { now: clock.now }) };
}

describe('AgentStateRepository', () => {
  it('gives an unknown agent the defaults without storing them', () => {
    const { db, agents } = setup();
    expect(agents.get('Cindy')).toEqual({
      configName: 'Cindy',
      telegramId: null,
      enabled: true,
      loginState: 'logged-out',
      updatedAt: null,
    });
    expect(agents.list()).toEqual([]);
    db.close();
  });

  it('updates only the given fields', () => {
    const { db, clock, agents } = setup();
    agents.update('Cindy', { telegramId: 777_123_456, loginState: 'logged-in' });
    clock.set('2026-03-01T11:00:00.000Z');
    const updated = agents.update('Cindy', { enabled: false, loginState: undefined });
    expect(updated).toEqual({
      configName: 'Cindy',
      telegramId: 777_123_456,
      enabled: false,
      loginState: 'logged-in',
      updatedAt: '2026-03-01T11:00:00.000Z',
    });
    expect(agents.get('Cindy')).toEqual(updated);
    db.close();
  });

  it('can clear the Telegram id', () => {
    const { db, agents } = setup();
    agents.update('Cindy', { telegramId: 42 });
    expect(agents.update('Cindy', { telegramId: null }).telegramId).toBeNull();
    db.close();
  });

  it('rejects a login state it does not know', () => {
    const { db, agents } = setup();
    expect(() => agents.update('Cindy', { loginState: 'dancing' as never })).toThrow();
    expect(agents.list()).toEqual([]);
    db.close();
  });

  it('reads a login state from a newer version as logged out', () => {
    const { db, agents } = setup();
    db.prepare(
      "INSERT INTO agent_state (config_name, login_state, updated_at) VALUES ('Cindy', 'two-factor', 't')",
    ).run();
    expect(agents.get('Cindy').loginState).toBe('logged-out');
    db.close();
  });

  it('lists stored agents by config name', () => {
    const { db, agents } = setup();
    agents.update('Zed', { enabled: false });
    agents.update('Amy', { telegramId: 1 });
    expect(agents.list().map((state) => [state.configName, state.enabled, state.telegramId])).toEqual([
      ['Amy', true, 1],
      ['Zed', false, null],
    ]);
    db.close();
  });

  it('moves state to a new name on rename', () => {
    const { db, clock, agents } = setup();
    agents.update('Cindy', { telegramId: 42, loginState: 'logged-in' });
    clock.set('2026-03-05T00:00:00.000Z');
    expect(agents.rename('Cindy', 'Cynthia')).toBe(true);
    expect(agents.get('Cindy').updatedAt).toBeNull();
    expect(agents.get('Cynthia')).toEqual({
      configName: 'Cynthia',
      telegramId: 42,
      enabled: true,
      loginState: 'logged-in',
      updatedAt: '2026-03-05T00:00:00.000Z',
    });
    db.close();
  });

  it('reports a rename of an agent without state', () => {
    const { db, agents } = setup();
    expect(agents.rename('Ghost', 'Spirit')).toBe(false);
    expect(agents.list()).toEqual([]);
    db.close();
  });

  it('refuses to rename onto an agent that has state, and changes nothing', () => {
    const { db, agents } = setup();
    agents.update('Cindy', { telegramId: 1 });
    agents.update('Cynthia', { telegramId: 2 });
    expect(() => agents.rename('Cindy', 'Cynthia')).toThrow(AgentStateConflictError);
    expect(agents.get('Cindy').telegramId).toBe(1);
    expect(agents.get('Cynthia').telegramId).toBe(2);
    db.close();
  });

  it('deletes state and says whether there was some', () => {
    const { db, agents } = setup();
    agents.update('Cindy', { enabled: false });
    expect(agents.delete('Cindy')).toBe(true);
    expect(agents.delete('Cindy')).toBe(false);
    expect(agents.get('Cindy').enabled).toBe(true);
    db.close();
  });
});
