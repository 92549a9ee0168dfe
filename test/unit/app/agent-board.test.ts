import { describe, expect, it } from 'vitest';
import { AgentBoard, LONG_FLOOD_WAIT_MS } from '../../../src/main/app/agent-board';
import { agentConfig } from '../../support/agent-config';
import { account, graphWithDrafts, steering } from './fake-shell-runtime';

const NOW = Date.parse('2026-03-02T10:00:00.000Z');
const inMinutes = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();

function boardWith(...configNames: string[]): AgentBoard {
  const board = new AgentBoard();
  board.setAgents(
    configNames.map((configName) => ({ config: agentConfig({ configName, name: `${configName} Bot` }) })),
  );
  for (const configName of configNames) board.updateAccount(account(configName), NOW);
  return board;
}

describe('AgentBoard', () => {
  it('records what it sees first without calling it news', () => {
    const board = new AgentBoard();
    board.setAgents([{ config: agentConfig({ configName: 'Juniper' }) }]);
    expect(board.updateAccount(account('Juniper', { connection: 'error', problem: 'Broken.' }), NOW)).toEqual(
      [],
    );
    expect(board.updateSteering(steering('Juniper', { limitReached: true }))).toEqual([]);
    board.seedDrafts('Juniper', [
      { network: 'telegram', channelId: 7, graph: graphWithDrafts('Juniper', 7, ['a']) },
    ]);
    expect(board.agents()[0]).toMatchObject({ account: { connection: 'error' }, drafts: 1 });
  });

  it('says an agent needs a new sign-in when Telegram ends its session', () => {
    const board = boardWith('Juniper');
    expect(board.updateAccount(account('Juniper', { connection: 'logged-out', user: null }), NOW)).toEqual([
      { kind: 'signIn', agent: 'Juniper', agentName: 'Juniper Bot' },
    ]);
  });

  it('keeps quiet about a sign-out the operator asked for, but not about a later one', () => {
    const board = boardWith('Juniper');
    board.expectSignOut('Juniper');
    // The logout first disconnects (still a saved session), then forgets the session.
    expect(board.updateAccount(account('Juniper', { connection: 'connecting' }), NOW)).toEqual([]);
    expect(board.updateAccount(account('Juniper', { connection: 'logged-out' }), NOW)).toEqual([]);
    board.updateAccount(account('Juniper'), NOW);
    expect(board.updateAccount(account('Juniper', { connection: 'logged-out' }), NOW)).toHaveLength(1);
  });

  it('forgets an expected sign-out that failed', () => {
    const board = boardWith('Juniper');
    board.expectSignOut('Juniper');
    board.cancelSignOut('Juniper');
    expect(board.updateAccount(account('Juniper', { connection: 'logged-out' }), NOW)).toHaveLength(1);
  });

  it('reports an error once per problem', () => {
    const board = boardWith('Juniper');
    const broken = account('Juniper', { connection: 'error', problem: 'Set the Telegram API id.' });
    expect(board.updateAccount(broken, NOW)).toEqual([
      { kind: 'agentError', agent: 'Juniper', agentName: 'Juniper Bot', problem: 'Set the Telegram API id.' },
    ]);
    expect(board.updateAccount(broken, NOW)).toEqual([]);
    expect(board.updateAccount({ ...broken, problem: 'The session cannot be read.' }, NOW)).toHaveLength(1);
  });

  it('reports stopped sends, and only flood waits long enough to matter', () => {
    const board = boardWith('Juniper', 'Ada');
    expect(board.updateAccount(account('Juniper', { sendsStoppedUntil: inMinutes(60) }), NOW)).toEqual([
      {
        kind: 'sendsStopped',
        agent: 'Juniper',
        agentName: 'Juniper Bot',
        cause: 'limited',
        until: inMinutes(60),
      },
    ]);
    expect(board.updateAccount(account('Ada', { coolDownUntil: inMinutes(1) }), NOW)).toEqual([]);
    const long = inMinutes(LONG_FLOOD_WAIT_MS / 60_000 + 1);
    expect(board.updateAccount(account('Ada', { coolDownUntil: long }), NOW)).toEqual([
      { kind: 'sendsStopped', agent: 'Ada', agentName: 'Ada Bot', cause: 'floodWait', until: long },
    ]);
  });

  it('reports a daily limit when it is reached, not while it stays reached', () => {
    const board = boardWith('Juniper');
    board.updateSteering(steering('Juniper'));
    const reached = steering('Juniper', { limitReached: true, spentTodayUsd: 5 });
    expect(board.updateSteering(reached)).toEqual([
      {
        kind: 'spendingLimit',
        agent: 'Juniper',
        agentName: 'Juniper Bot',
        limitUsd: 5,
        resetsAt: '2026-03-03T00:00:00.000Z',
      },
    ]);
    expect(board.updateSteering(reached)).toEqual([]);
  });

  it('counts new drafts per conversation and forgets approved ones', () => {
    const board = boardWith('Juniper');
    board.seedDrafts('Juniper', [
      { network: 'telegram', channelId: 7, graph: graphWithDrafts('Juniper', 7, ['a']) },
    ]);
    expect(
      board.updateGraph('Juniper', 'telegram', 7, graphWithDrafts('Juniper', 7, ['a', 'b', 'c'])),
    ).toEqual([
      {
        kind: 'draftWaiting',
        agent: 'Juniper',
        agentName: 'Juniper Bot',
        network: 'telegram',
        channelId: 7,
        count: 2,
      },
    ]);
    expect(board.updateGraph('Juniper', 'simulator', 3, graphWithDrafts('Juniper', 3, ['x']))).toHaveLength(
      1,
    );
    expect(board.agents()[0]?.drafts).toBe(4);
    expect(board.updateGraph('Juniper', 'telegram', 7, null)).toEqual([]);
    expect(board.agents()[0]?.drafts).toBe(1);
  });

  it('drops what it knew of an agent that is no longer configured', () => {
    const board = boardWith('Juniper', 'Ada');
    board.updateGraph('Ada', 'telegram', 1, graphWithDrafts('Ada', 1, ['a']));
    board.setAgents([{ config: agentConfig({ configName: 'Juniper' }) }]);
    expect(board.agents().map((agent) => agent.configName)).toEqual(['Juniper']);
    expect(board.has('Ada')).toBe(false);
    expect(board.updateGraph('Ada', 'telegram', 1, graphWithDrafts('Ada', 1, ['a', 'b']))).toEqual([]);
  });

  it('names the next moment a state changes by itself', () => {
    const board = boardWith('Juniper', 'Ada');
    expect(board.nextDeadline(NOW)).toBeNull();
    board.updateAccount(account('Juniper', { coolDownUntil: inMinutes(30) }), NOW);
    board.updateSteering(steering('Ada', { limitReached: true, resetsAt: inMinutes(10) }));
    expect(board.nextDeadline(NOW)).toBe(Date.parse(inMinutes(10)));
    expect(board.nextDeadline(Date.parse(inMinutes(20)))).toBe(Date.parse(inMinutes(30)));
  });
});
