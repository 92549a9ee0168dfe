import { describe, expect, it, vi } from 'vitest';
import type { AgentOnBoard } from '../../../src/main/app/agent-board';
import { menuLabelText, trayMenuTemplate } from '../../../src/main/app/tray-menu';
import {
  agentGlance,
  MAX_TRAY_AGENT_LINES,
  statusSummary,
  trayModel,
} from '../../../src/main/app/tray-model';
import { account, steering } from './fake-shell-runtime';

const NOW = Date.parse('2026-03-02T10:00:00.000Z');
const utcTime = (iso: string) => iso.slice(11, 16);

function agent(configName: string, overrides: Partial<AgentOnBoard> = {}): AgentOnBoard {
  return {
    configName,
    name: configName,
    fileDisabled: false,
    account: account(configName),
    steering: steering(configName),
    drafts: 0,
    ...overrides,
  };
}

const glance = (entry: AgentOnBoard, pausedFromTray = false) =>
  agentGlance(entry, pausedFromTray, NOW, utcTime);

describe('agentGlance', () => {
  it('reads an agent from its account', () => {
    expect(glance(agent('A'))).toMatchObject({ status: 'running', detail: 'Running' });
    expect(glance(agent('A', { account: account('A', { connection: 'reconnecting' }) }))).toMatchObject({
      status: 'running',
      detail: 'Reconnecting…',
    });
    expect(
      glance(agent('A', { account: account('A', { connection: 'logged-out', user: null }) })),
    ).toMatchObject({
      status: 'signed-out',
      detail: 'Signed out of Telegram',
    });
    const off = agent('A', { account: account('A', { connection: 'disabled', enabled: false }) });
    expect(glance(off)).toMatchObject({ status: 'paused', detail: 'Switched off' });
    expect(glance(off, true)).toMatchObject({ status: 'paused', detail: 'Paused from the tray' });
    expect(glance({ ...off, fileDisabled: true })).toMatchObject({ detail: 'Off: its file says Disabled' });
  });

  it('says what needs attention, most pressing first', () => {
    const troubled = agent('A', {
      account: account('A', { sendsStoppedUntil: '2026-03-02T11:30:00.000Z' }),
      steering: steering('A', { limitReached: true }),
      drafts: 2,
    });
    expect(glance(troubled)).toEqual({
      configName: 'A',
      name: 'A',
      status: 'attention',
      detail:
        'Telegram stopped its sends until 11:30 · Daily spending limit reached until 00:00 · 2 drafts wait for approval',
    });
    expect(glance(agent('A', { drafts: 1 })).detail).toBe('1 draft waits for approval');
    expect(
      glance(
        agent('A', { account: account('A', { connection: 'error', problem: 'Set the Telegram API id.' }) }),
      ),
    ).toMatchObject({ status: 'attention', detail: 'Set the Telegram API id.' });
  });

  it('lets a passed deadline go, and mentions a running flood wait', () => {
    expect(
      glance(agent('A', { account: account('A', { sendsStoppedUntil: '2026-03-02T09:00:00.000Z' }) })),
    ).toMatchObject({
      status: 'running',
    });
    expect(
      glance(agent('A', { account: account('A', { coolDownUntil: '2026-03-02T10:20:00.000Z' }) })).detail,
    ).toBe('Running, waiting out a flood wait until 10:20');
  });
});

describe('trayModel', () => {
  it('sums the agents up, those needing attention first', () => {
    const model = trayModel(
      [
        agent('Ada'),
        agent('Bob', { account: account('Bob', { connection: 'logged-out' }) }),
        agent('Cy', { drafts: 1 }),
        agent('Di'),
      ],
      new Set(),
      NOW,
      utcTime,
    );
    expect(model.tooltip).toBe('Troupe: 1 needs attention, 2 running, 1 signed out');
    expect(model.attention).toBe(true);
    expect(model.agents.map((line) => line.name)).toEqual(['Cy', 'Ada', 'Bob', 'Di']);
    expect(statusSummary([])).toBe('No agents');
  });

  it('offers Pause all while an agent is on, and Resume all for what it paused', () => {
    const paused = agent('Ada', { account: account('Ada', { enabled: false, connection: 'disabled' }) });
    expect(trayModel([agent('Bob'), paused], new Set(['Ada']), NOW)).toMatchObject({
      canPauseAll: true,
      canResumeAll: true,
    });
    expect(trayModel([paused], new Set(), NOW)).toMatchObject({ canPauseAll: false, canResumeAll: false });
    expect(trayModel([agent('Ada', { fileDisabled: true })], new Set(), NOW).canPauseAll).toBe(false);
  });

  it('keeps the menu short with many agents', () => {
    const many = Array.from({ length: MAX_TRAY_AGENT_LINES + 3 }, (_, index) => agent(`Agent${index}`));
    const model = trayModel(many, new Set(), NOW);
    expect(model.agents).toHaveLength(MAX_TRAY_AGENT_LINES);
    expect(model.moreAgents).toBe(3);
  });
});

describe('trayMenuTemplate', () => {
  const actions = { openConsole: vi.fn(), pauseAll: vi.fn(), resumeAll: vi.fn(), quit: vi.fn() };

  it('has the summary, a line per agent opening its page, the pause switches, Open and Quit', () => {
    const model = trayModel([agent('Juniper', { drafts: 2 }), agent('R&D')], new Set(), NOW, utcTime);
    const template = trayMenuTemplate(model, actions);
    expect(template.map((item) => item.label ?? item.type)).toEqual([
      '1 needs attention, 1 running',
      'separator',
      'Juniper — 2 drafts wait for approval',
      'R&&D — Running',
      'separator',
      'Pause all agents',
      'Resume all agents',
      'separator',
      'Open the console',
      'Quit Troupe',
    ]);
    expect(template[0]?.enabled).toBe(false);
    expect(template.find((item) => item.label === 'Resume all agents')?.enabled).toBe(false);
    template[3]?.click?.(undefined as never, undefined, undefined as never);
    expect(actions.openConsole).toHaveBeenLastCalledWith('/agents/R%26D');
  });

  it('leads from a long list to the agents page', () => {
    const many = Array.from({ length: MAX_TRAY_AGENT_LINES + 1 }, (_, index) => agent(`Agent${index}`));
    const template = trayMenuTemplate(trayModel(many, new Set(), NOW), actions);
    const more = template.find((item) => item.label === '…and 1 more');
    more?.click?.(undefined as never, undefined, undefined as never);
    expect(actions.openConsole).toHaveBeenLastCalledWith('/agents');
  });

  it('has no agent section without agents', () => {
    const template = trayMenuTemplate(trayModel([], new Set(), NOW), actions);
    expect(template.map((item) => item.label ?? item.type).slice(0, 3)).toEqual([
      'No agents',
      'separator',
      'Pause all agents',
    ]);
    expect(menuLabelText('Tom & Jerry')).toBe('Tom && Jerry');
  });
});
