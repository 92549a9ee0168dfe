import { describe, expect, it } from 'vitest';
import { substituteTemplates } from '../../../src/main/config/templates';

const ids = { agentId: 7001, userId: 9002 };

describe('substituteTemplates', () => {
  it('replaces every agent placeholder with the agent name', () => {
    const text = '{{AGENT_NAME}} {AGENT_NAME} {{character}} {character} {{char}} {char}';
    expect(substituteTemplates(text, { ...ids, agentName: 'Juniper' })).toBe(
      'Juniper Juniper Juniper Juniper Juniper Juniper',
    );
  });

  it('replaces both user placeholders with the user name', () => {
    expect(substituteTemplates('Hi {{user}}, or {user}.', { ...ids, userName: 'Pri' })).toBe(
      'Hi Pri, or Pri.',
    );
  });

  it('falls back to the ids when names are missing or blank', () => {
    expect(substituteTemplates('{char} and {user}', ids)).toBe('7001 and 9002');
    expect(substituteTemplates('{char} and {user}', { ...ids, agentName: ' ', userName: null })).toBe(
      '7001 and 9002',
    );
    expect(substituteTemplates('{{user}}', { agentId: 'a', userId: '-100123' })).toBe('-100123');
  });

  it('leaves other braces and unknown placeholders alone', () => {
    const text = 'JSON {"kind": "send"} and {{USER}} and {name} and {{char}';
    expect(substituteTemplates(text, { ...ids, agentName: 'J', userName: 'U' })).toBe(
      'JSON {"kind": "send"} and {{USER}} and {name} and {J',
    );
  });

  it('does not substitute again inside an inserted name', () => {
    expect(substituteTemplates('{user} meets {char}', { ...ids, agentName: 'Ann', userName: '{char}' })).toBe(
      '{char} meets Ann',
    );
  });
});
