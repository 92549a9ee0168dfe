import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { appMenuTemplate, readmeUrl } from '../../../src/main/app/app-menu';

const actions = { openSettings: vi.fn(), openReadme: vi.fn(), openLogFolder: vi.fn() };

/** Each top menu's role with the roles (or labels) of its items. */
function outline(template: MenuItemConstructorOptions[]): Record<string, (string | undefined)[]> {
  return Object.fromEntries(
    template.map((menu) => [
      menu.role ?? menu.label,
      (menu.submenu as MenuItemConstructorOptions[]).map((item) => item.role ?? item.label ?? item.type),
    ]),
  );
}

describe('appMenuTemplate', () => {
  it('on macOS puts the app menu first, with Settings, About, the hiding roles and Quit', () => {
    const menus = outline(appMenuTemplate('darwin', actions));
    expect(Object.keys(menus)).toEqual(['appMenu', 'fileMenu', 'editMenu', 'viewMenu', 'windowMenu', 'help']);
    expect(menus.appMenu).toEqual([
      'about',
      'separator',
      'Settings…',
      'separator',
      'services',
      'separator',
      'hide',
      'hideOthers',
      'unhide',
      'separator',
      'quit',
    ]);
    expect(menus.fileMenu).toEqual(['close']);
    expect(menus.editMenu).toEqual([
      'undo',
      'redo',
      'separator',
      'cut',
      'copy',
      'paste',
      'pasteAndMatchStyle',
      'delete',
      'selectAll',
    ]);
    expect(menus.windowMenu).toEqual(['minimize', 'zoom', 'separator', 'front', 'separator', 'window']);
    expect(menus.help).toEqual(['Troupe README', 'Open the log folder']);
  });

  it.each(['win32', 'linux'] as const)(
    'on %s puts Settings and Quit under File and About under Help',
    (platform) => {
      const menus = outline(appMenuTemplate(platform, actions));
      expect(Object.keys(menus)).toEqual(['fileMenu', 'editMenu', 'viewMenu', 'windowMenu', 'help']);
      expect(menus.fileMenu).toEqual(['Settings', 'separator', 'close', 'quit']);
      expect(menus.editMenu).toEqual([
        'undo',
        'redo',
        'separator',
        'cut',
        'copy',
        'paste',
        'delete',
        'separator',
        'selectAll',
      ]);
      expect(menus.windowMenu).toEqual(['minimize', 'close']);
      expect(menus.help).toEqual(['Troupe README', 'Open the log folder', 'separator', 'about']);
    },
  );

  it('has the View roles: reload, developer tools, zoom and full screen', () => {
    expect(outline(appMenuTemplate('linux', actions)).viewMenu).toEqual([
      'reload',
      'forceReload',
      'toggleDevTools',
      'separator',
      'resetZoom',
      'zoomIn',
      'zoomOut',
      'separator',
      'togglefullscreen',
    ]);
  });

  it('opens Settings with Cmd/Ctrl+comma, and the README and logs from Help', () => {
    const [file, , , , help] = appMenuTemplate('win32', actions);
    const itemsOf = (menu: MenuItemConstructorOptions | undefined) =>
      (menu?.submenu ?? []) as MenuItemConstructorOptions[];
    const press = (item: MenuItemConstructorOptions | undefined) =>
      item?.click?.(undefined as never, undefined, undefined as never);
    const settings = itemsOf(file)[0];
    expect(settings?.accelerator).toBe('CmdOrCtrl+,');
    press(settings);
    for (const item of itemsOf(help)) press(item);
    expect(actions.openSettings).toHaveBeenCalledOnce();
    expect(actions.openReadme).toHaveBeenCalledOnce();
    expect(actions.openLogFolder).toHaveBeenCalledOnce();
  });
});

describe('readmeUrl', () => {
  it("is the package's homepage at its README", () => {
    expect(readmeUrl(JSON.stringify({ homepage: 'https://github.com/troupe-app/troupe' }))).toBe(
      'https://github.com/troupe-app/troupe#readme',
    );
    expect(readmeUrl(JSON.stringify({ homepage: 'https://example.com/troupe/' }))).toBe(
      'https://example.com/troupe#readme',
    );
  });

  it('is null without a usable homepage', () => {
    expect(readmeUrl('')).toBeNull();
    expect(readmeUrl('{}')).toBeNull();
    expect(readmeUrl(JSON.stringify({ homepage: 'javascript:alert(1)' }))).toBeNull();
  });
});
