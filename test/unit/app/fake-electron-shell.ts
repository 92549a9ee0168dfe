import { EventEmitter } from 'node:events';
import { existsSync } from 'node:fs';

/** The fakes of Electron's tray, menus, images and notifications (see fake-electron.ts). */

/** A menu as built from a template: the template kept for assertions, clicks reachable. */
export class FakeMenu {
  constructor(readonly template: MenuItemTemplate[]) {}
  /** The item with this label (searching submenus), to read or click. */
  item(label: string): MenuItemTemplate {
    const found = findItem(this.template, label);
    if (found === undefined) throw new Error(`the menu has no item "${label}"`);
    return found;
  }
  labels(): string[] {
    return this.template.flatMap((item) => (item.label === undefined ? [] : [item.label]));
  }
}

export interface MenuItemTemplate {
  label?: string;
  role?: string;
  type?: string;
  enabled?: boolean;
  accelerator?: string;
  click?: () => unknown;
  submenu?: MenuItemTemplate[];
}

function findItem(items: readonly MenuItemTemplate[], label: string): MenuItemTemplate | undefined {
  for (const item of items) {
    if (item.label === label) return item;
    const inner = item.submenu ? findItem(item.submenu, label) : undefined;
    if (inner) return inner;
  }
  return undefined;
}

export class FakeNativeImage {
  template = false;
  constructor(readonly path: string) {}
  isEmpty(): boolean {
    return !existsSync(this.path);
  }
  setTemplateImage(template: boolean): void {
    this.template = template;
  }
}

export class FakeTray extends EventEmitter {
  static readonly instances: FakeTray[] = [];
  tooltip = '';
  menu: FakeMenu | null = null;
  destroyed = false;
  constructor(public image: FakeNativeImage) {
    super();
    FakeTray.instances.push(this);
  }
  setImage(image: FakeNativeImage): void {
    this.image = image;
  }
  setToolTip(tooltip: string): void {
    this.tooltip = tooltip;
  }
  setContextMenu(menu: FakeMenu): void {
    this.menu = menu;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  destroy(): void {
    this.destroyed = true;
  }
}

export class FakeNotification extends EventEmitter {
  static readonly shown: FakeNotification[] = [];
  static supported = true;
  static isSupported(): boolean {
    return FakeNotification.supported;
  }
  constructor(readonly options: { title: string; body: string }) {
    super();
  }
  show(): void {
    FakeNotification.shown.push(this);
  }
  click(): void {
    this.emit('click');
  }
}
