import type { MenuItemConstructorOptions } from 'electron';
import { AGENTS_ROUTE, agentRoute } from './console-routes';
import type { TrayModel } from './tray-model';

/** What the tray menu's items do; the shell supplies them. */
export interface TrayActions {
  /** Shows the console window, at a route when given. */
  openConsole(route?: string): void;
  pauseAll(): void;
  resumeAll(): void;
  quit(): void;
}

/** Windows reads `&` in a menu label as a mnemonic marker; a name's own `&` is doubled. */
export function menuLabelText(text: string): string {
  return text.replaceAll('&', '&&');
}

/**
 * The tray's menu: the summary, one line per agent (opening its page), Pause all and Resume all,
 * then Open the console and Quit.
 */
export function trayMenuTemplate(model: TrayModel, actions: TrayActions): MenuItemConstructorOptions[] {
  const agentLines: MenuItemConstructorOptions[] = model.agents.map((glance) => ({
    label: menuLabelText(`${glance.name} — ${glance.detail}`),
    click: () => actions.openConsole(agentRoute(glance.configName)),
  }));
  if (model.moreAgents > 0) {
    agentLines.push({
      label: `…and ${model.moreAgents} more`,
      click: () => actions.openConsole(AGENTS_ROUTE),
    });
  }
  return [
    { label: model.summary, enabled: false },
    ...(agentLines.length > 0 ? [{ type: 'separator' as const }, ...agentLines] : []),
    { type: 'separator' },
    { label: 'Pause all agents', enabled: model.canPauseAll, click: () => actions.pauseAll() },
    { label: 'Resume all agents', enabled: model.canResumeAll, click: () => actions.resumeAll() },
    { type: 'separator' },
    { label: 'Open the console', click: () => actions.openConsole() },
    { label: 'Quit Troupe', click: () => actions.quit() },
  ];
}
