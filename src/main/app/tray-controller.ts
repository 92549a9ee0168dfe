import { Menu, nativeImage, Tray } from 'electron';
import type { Logger } from '../logging';
import { trayIconFile } from './tray-icons';
import { type TrayActions, trayMenuTemplate } from './tray-menu';
import type { TrayModel } from './tray-model';

export interface TrayControllerOptions {
  iconDir: string;
  platform: NodeJS.Platform;
  actions: TrayActions;
  logger: Logger;
}

export interface TrayController {
  /** Draws the model; the same model twice draws nothing. */
  show(model: TrayModel): void;
  destroy(): void;
}

/** The tray icon (the menu bar item on macOS) with its tooltip and menu. */
export function createTrayController({
  iconDir,
  platform,
  actions,
  logger,
}: TrayControllerOptions): TrayController {
  const icon = (attention: boolean) => {
    const image = nativeImage.createFromPath(trayIconFile(iconDir, platform, attention));
    if (image.isEmpty()) logger.warn({ iconDir }, 'the tray icon is missing; the tray shows an empty image');
    if (platform === 'darwin') image.setTemplateImage(true);
    return image;
  };
  const tray = new Tray(icon(false));
  // Windows opens a tray app's window on a click and keeps the menu for a right click; macOS and
  // Linux show the menu on a click.
  if (platform === 'win32') tray.on('click', () => actions.openConsole());

  let drawn = '';
  let attention = false;
  return {
    show(model) {
      const key = JSON.stringify(model);
      if (key === drawn || tray.isDestroyed()) return;
      drawn = key;
      if (model.attention !== attention) {
        attention = model.attention;
        tray.setImage(icon(attention));
      }
      tray.setToolTip(model.tooltip);
      tray.setContextMenu(Menu.buildFromTemplate(trayMenuTemplate(model, actions)));
    },
    destroy() {
      if (!tray.isDestroyed()) tray.destroy();
    },
  };
}
