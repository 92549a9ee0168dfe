import type { MenuItemConstructorOptions } from 'electron';

/** What the application menu's own items do; the shell supplies them. */
export interface AppMenuActions {
  openSettings(): void;
  openReadme(): void;
  openLogFolder(): void;
}

const SEPARATOR: MenuItemConstructorOptions = { type: 'separator' };

function settingsItem(actions: AppMenuActions, label: string): MenuItemConstructorOptions {
  return { label, accelerator: 'CmdOrCtrl+,', click: () => actions.openSettings() };
}

/** macOS's first menu, named after the app: About, Settings, Services, hiding and Quit. */
function macAppMenu(actions: AppMenuActions): MenuItemConstructorOptions {
  return {
    role: 'appMenu',
    submenu: [
      { role: 'about' },
      SEPARATOR,
      settingsItem(actions, 'Settings…'),
      SEPARATOR,
      { role: 'services' },
      SEPARATOR,
      { role: 'hide' },
      { role: 'hideOthers' },
      { role: 'unhide' },
      SEPARATOR,
      { role: 'quit' },
    ],
  };
}

function fileMenu(mac: boolean, actions: AppMenuActions): MenuItemConstructorOptions {
  return {
    role: 'fileMenu',
    submenu: mac
      ? [{ role: 'close' }]
      : [settingsItem(actions, 'Settings'), SEPARATOR, { role: 'close' }, { role: 'quit' }],
  };
}

function editMenu(mac: boolean): MenuItemConstructorOptions {
  return {
    role: 'editMenu',
    submenu: [
      { role: 'undo' },
      { role: 'redo' },
      SEPARATOR,
      { role: 'cut' },
      { role: 'copy' },
      { role: 'paste' },
      ...(mac
        ? [
            { role: 'pasteAndMatchStyle' as const },
            { role: 'delete' as const },
            { role: 'selectAll' as const },
          ]
        : [{ role: 'delete' as const }, SEPARATOR, { role: 'selectAll' as const }]),
    ],
  };
}

const VIEW_MENU: MenuItemConstructorOptions = {
  role: 'viewMenu',
  submenu: [
    { role: 'reload' },
    { role: 'forceReload' },
    { role: 'toggleDevTools' },
    SEPARATOR,
    { role: 'resetZoom' },
    { role: 'zoomIn' },
    { role: 'zoomOut' },
    SEPARATOR,
    { role: 'togglefullscreen' },
  ],
};

function windowMenu(mac: boolean): MenuItemConstructorOptions {
  return {
    role: 'windowMenu',
    submenu: mac
      ? [{ role: 'minimize' }, { role: 'zoom' }, SEPARATOR, { role: 'front' }, SEPARATOR, { role: 'window' }]
      : [{ role: 'minimize' }, { role: 'close' }],
  };
}

function helpMenu(mac: boolean, actions: AppMenuActions): MenuItemConstructorOptions {
  return {
    role: 'help',
    submenu: [
      { label: 'Troupe README', click: () => actions.openReadme() },
      { label: 'Open the log folder', click: () => actions.openLogFolder() },
      ...(mac ? [] : [SEPARATOR, { role: 'about' as const }]),
    ],
  };
}

/**
 * The application menu with each platform's standard roles and shortcuts: macOS's app menu first
 * (Settings under it, About and Quit there), File/Edit/View/Window/Help everywhere, Settings and
 * Quit under File elsewhere.
 */
export function appMenuTemplate(
  platform: NodeJS.Platform,
  actions: AppMenuActions,
): MenuItemConstructorOptions[] {
  const mac = platform === 'darwin';
  return [
    ...(mac ? [macAppMenu(actions)] : []),
    fileMenu(mac, actions),
    editMenu(mac),
    VIEW_MENU,
    windowMenu(mac),
    helpMenu(mac, actions),
  ];
}

/** The README's address: the repository's homepage from package.json, at its README. */
export function readmeUrl(packageJsonText: string): string | null {
  try {
    const homepage: unknown = (JSON.parse(packageJsonText) as { homepage?: unknown }).homepage;
    if (typeof homepage !== 'string' || !/^https:\/\/\S+$/.test(homepage)) return null;
    return `${homepage.replace(/[#/]+$/, '')}#readme`;
  } catch {
    return null;
  }
}
