import { describe, expect, it } from 'vitest';
import { agentPlansRoute, agentRoute, chatRoute, entryUrlAt } from '../../../src/main/app/console-routes';
import { agentPath, agentPlansPath } from '../../../src/renderer/features/agents/paths';
import { chatPath } from '../../../src/renderer/features/conversations/paths';

describe('console routes of the desktop shell', () => {
  it("are the console's own routes", () => {
    for (const name of ['Juniper', 'R&D Bot', 'Zoë/2']) {
      expect(agentRoute(name)).toBe(agentPath(name));
      expect(agentPlansRoute(name)).toBe(agentPlansPath(name));
      expect(agentPlansRoute(name, 'simulator')).toBe(agentPlansPath(name, 'simulator'));
      expect(chatRoute('telegram', name, -100123)).toBe(chatPath('telegram', name, -100123));
      expect(chatRoute('simulator', name, 5)).toBe(chatPath('simulator', name, 5));
    }
  });

  it('open the entry page at a route', () => {
    expect(entryUrlAt('app://troupe/', '/agents/Juniper')).toBe('app://troupe/#/agents/Juniper');
    expect(entryUrlAt('http://localhost:5173/#/settings', '/agents')).toBe('http://localhost:5173/#/agents');
  });
});
