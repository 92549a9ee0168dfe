import { EventEmitter } from 'node:events';
import {
  FakeMenu,
  FakeNativeImage,
  FakeNotification,
  FakeTray,
  type MenuItemTemplate,
} from './fake-electron-shell';

export { FakeMenu, FakeNotification, FakeTray } from './fake-electron-shell';

/**
 * A stand-in for the parts of the `electron` module the desktop shell uses, with enough behaviour
 * to drive the shell end to end under Node: windows that load URLs and close, an app that runs
 * the before-quit dance, an ipcMain that can be invoked, a protocol that can be requested.
 * Tests install it with `vi.mock('electron', () => import('./fake-electron').then((m) => m.electronModule))`
 * and call `resetFakeElectron()` before each test.
 */

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** An Electron-style event: listeners may veto the default action. */
export class FakeEvent {
  defaultPrevented = false;
  constructor(readonly url = '') {}
  preventDefault(): void {
    this.defaultPrevented = true;
  }
}

export class FakeFrame {
  constructor(
    public url: string,
    readonly parent: FakeFrame | null = null,
  ) {}
}

let nextWebContentsId = 1;

export class FakeWebContents extends EventEmitter {
  readonly id = nextWebContentsId++;
  readonly sent: { channel: string; args: unknown[] }[] = [];
  readonly mainFrame = new FakeFrame('about:blank');
  windowOpenHandler: ((details: { url: string }) => { action: string }) | null = null;
  destroyed = false;

  getURL(): string {
    return this.mainFrame.url;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  send(channel: string, ...args: unknown[]): void {
    this.sent.push({ channel, args });
  }
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void {
    this.windowOpenHandler = handler;
  }
  /** Runs the one script the shell sends, `location.hash = "#/route";`, on the page's URL. */
  async executeJavaScript(code: string): Promise<unknown> {
    const hash = /^location\.hash = (".*");$/.exec(code)?.[1];
    if (hash === undefined) throw new Error(`the fake page cannot run ${code}`);
    this.mainFrame.url = `${this.mainFrame.url.replace(/#.*$/, '')}${JSON.parse(hash) as string}`;
    return undefined;
  }
  /** Simulates the page starting a navigation; returns whether it was allowed. */
  navigate(url: string): boolean {
    const event = new FakeEvent(url);
    this.emit('will-navigate', event);
    if (!event.defaultPrevented) this.mainFrame.url = url;
    return !event.defaultPrevented;
  }
}

export class FakeBrowserWindow extends EventEmitter {
  static readonly instances: FakeBrowserWindow[] = [];
  readonly webContents = new FakeWebContents();
  bounds: Rect;
  visible = false;
  maximized = false;
  minimized = false;
  focused = false;
  fullScreen = false;
  destroyed = false;
  loadedUrl: string | null = null;

  constructor(readonly options: Record<string, unknown>) {
    super();
    const { x = 0, y = 0, width = 800, height = 600 } = options as Partial<Rect>;
    this.bounds = { x, y, width, height };
    FakeBrowserWindow.instances.push(this);
    electronModule.app.emit('web-contents-created', new FakeEvent(), this.webContents);
  }

  async loadURL(url: string): Promise<void> {
    this.loadedUrl = url;
    this.webContents.mainFrame.url = url;
    this.emit('ready-to-show');
  }
  show(): void {
    this.visible = true;
  }
  hide(): void {
    this.visible = false;
  }
  isFullScreen(): boolean {
    return this.fullScreen;
  }
  setFullScreen(fullScreen: boolean): void {
    this.fullScreen = fullScreen;
    if (!fullScreen) this.emit('leave-full-screen');
  }
  isVisible(): boolean {
    return this.visible;
  }
  maximize(): void {
    this.maximized = true;
    this.visible = true;
  }
  isMaximized(): boolean {
    return this.maximized;
  }
  minimize(): void {
    this.minimized = true;
  }
  isMinimized(): boolean {
    return this.minimized;
  }
  restore(): void {
    this.minimized = false;
  }
  focus(): void {
    this.focused = true;
  }
  getNormalBounds(): Rect {
    return { ...this.bounds };
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  /** Closes the window unless a 'close' listener prevents it; returns whether it closed. */
  close(): boolean {
    const event = new FakeEvent();
    this.emit('close', event);
    if (event.defaultPrevented) return false;
    this.destroyed = true;
    this.webContents.destroyed = true;
    this.emit('closed');
    if (FakeBrowserWindow.instances.every((window) => window.destroyed)) {
      electronModule.app.emit('window-all-closed');
    }
    return true;
  }
}

type InvokeHandler = (event: unknown, ...args: unknown[]) => unknown;

class FakeApp extends EventEmitter {
  isPackaged = false;
  hasSingleInstanceLock = true;
  quitCount = 0;
  exitCode: number | null = null;
  /** True once a quit went through without a before-quit listener holding it. */
  hasQuit = false;
  userDataDir = '/nonexistent/user-data';
  appPath = '/nonexistent/app';

  requestSingleInstanceLock(): boolean {
    return this.hasSingleInstanceLock;
  }
  whenReady(): Promise<void> {
    return Promise.resolve();
  }
  /** Electron's order: before-quit (which may hold the quit), then every window closes (any may refuse). */
  quit(): void {
    this.quitCount += 1;
    const event = new FakeEvent();
    this.emit('before-quit', event);
    if (event.defaultPrevented) return;
    const open = FakeBrowserWindow.instances.filter((window) => !window.destroyed);
    if (open.every((window) => window.close())) this.hasQuit = true;
  }
  exit(code: number): void {
    this.exitCode = code;
  }
  getPath(name: string): string {
    if (name !== 'userData') throw new Error(`fake app has no path "${name}"`);
    return this.userDataDir;
  }
  getAppPath(): string {
    return this.appPath;
  }
  getVersion(): string {
    return '9.9.9';
  }
  loginItem = { openAtLogin: false, wasOpenedAtLogin: false, args: [] as string[] };
  setLoginItemSettings(settings: { openAtLogin: boolean; args?: string[] }): void {
    this.loginItem = { ...this.loginItem, openAtLogin: settings.openAtLogin, args: settings.args ?? [] };
  }
  getLoginItemSettings(): { openAtLogin: boolean; wasOpenedAtLogin: boolean } {
    return this.loginItem;
  }
  appUserModelId: string | null = null;
  setAppUserModelId(id: string): void {
    this.appUserModelId = id;
  }
}

type HeadersListener = (
  details: { responseHeaders?: Record<string, string[]> },
  callback: (response: { responseHeaders: Record<string, string[]> }) => void,
) => void;
type PermissionRequestHandler = (
  contents: unknown,
  permission: string,
  callback: (granted: boolean) => void,
  details: { requestingUrl: string },
) => void;
type PermissionCheckHandler = (contents: unknown, permission: string, requestingOrigin: string) => boolean;

export class FakeSession {
  headersListener: HeadersListener | null = null;
  permissionRequestHandler: PermissionRequestHandler | null = null;
  permissionCheckHandler: PermissionCheckHandler | null = null;
  readonly webRequest = {
    onHeadersReceived: (listener: HeadersListener): void => {
      this.headersListener = listener;
    },
  };
  setPermissionRequestHandler(handler: PermissionRequestHandler): void {
    this.permissionRequestHandler = handler;
  }
  setPermissionCheckHandler(handler: PermissionCheckHandler): void {
    this.permissionCheckHandler = handler;
  }
}

function createFakeSafeStorage() {
  return {
    available: true,
    backend: 'gnome_libsecret' as string,
    isEncryptionAvailable(): boolean {
      return this.available;
    },
    getSelectedStorageBackend(): string {
      return this.backend;
    },
    // Reversible but not the identity, so a test can tell ciphertext from plaintext.
    encryptString(plain: string): Buffer {
      return Buffer.from(`kc:${Buffer.from(plain, 'utf8').toString('base64')}`);
    },
    decryptString(blob: Buffer): string {
      const text = blob.toString('utf8');
      if (!text.startsWith('kc:'))
        throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
      return Buffer.from(text.slice(3), 'base64').toString('utf8');
    },
  };
}

function createState() {
  return {
    app: new FakeApp(),
    session: new FakeSession(),
    safeStorage: createFakeSafeStorage(),
    displays: [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }] as { workArea: Rect }[],
    ipcHandlers: new Map<string, InvokeHandler>(),
    privilegedSchemes: [] as unknown[],
    protocolHandlers: new Map<string, (request: Request) => Promise<Response> | Response>(),
    fetched: [] as string[],
    openedExternally: [] as string[],
    openedPaths: [] as string[],
    errorBoxes: [] as { title: string; content: string }[],
    messageBoxes: [] as { message: string; detail?: string }[],
    applicationMenu: null as FakeMenu | null,
  };
}

let state = createState();

/** The current fake's state, for arranging and asserting. */
export function fake() {
  return state;
}

export function resetFakeElectron(): void {
  state = createState();
  FakeBrowserWindow.instances.length = 0;
  FakeTray.instances.length = 0;
  FakeNotification.shown.length = 0;
  FakeNotification.supported = true;
}

/** Calls the handler registered for `channel` as the renderer's `ipcRenderer.invoke` would. */
export async function invokeIpc(channel: string, event: unknown, ...args: unknown[]): Promise<unknown> {
  const handler = state.ipcHandlers.get(channel);
  if (handler === undefined) throw new Error(`No handler registered for '${channel}'`);
  return handler(event, ...args);
}

/** Property getters so every test sees the state created by its own `resetFakeElectron()`. */
export const electronModule = {
  get app() {
    return state.app;
  },
  get session() {
    return { defaultSession: state.session };
  },
  get safeStorage() {
    return state.safeStorage;
  },
  BrowserWindow: FakeBrowserWindow,
  screen: {
    getAllDisplays: () => state.displays,
    getPrimaryDisplay: () => state.displays[0],
  },
  ipcMain: {
    handle(channel: string, handler: InvokeHandler): void {
      if (state.ipcHandlers.has(channel))
        throw new Error(`Attempted to register a second handler for '${channel}'`);
      state.ipcHandlers.set(channel, handler);
    },
    removeHandler(channel: string): void {
      state.ipcHandlers.delete(channel);
    },
  },
  protocol: {
    registerSchemesAsPrivileged(schemes: unknown[]): void {
      state.privilegedSchemes.push(...schemes);
    },
    handle(scheme: string, handler: (request: Request) => Promise<Response> | Response): void {
      state.protocolHandlers.set(scheme, handler);
    },
  },
  net: {
    /** Answers file URLs from disk the way Electron's net.fetch does, with a guessed type. */
    async fetch(url: string): Promise<Response> {
      state.fetched.push(url);
      const { readFile } = await import('node:fs/promises');
      const { fileURLToPath } = await import('node:url');
      const body = await readFile(fileURLToPath(url));
      const type = url.endsWith('.html')
        ? 'text/html'
        : url.endsWith('.js')
          ? 'text/javascript'
          : 'application/octet-stream';
      return new Response(body, { status: 200, headers: { 'Content-Type': type } });
    },
  },
  shell: {
    async openExternal(url: string): Promise<void> {
      state.openedExternally.push(url);
    },
    async openPath(path: string): Promise<string> {
      state.openedPaths.push(path);
      return '';
    },
  },
  dialog: {
    showErrorBox(title: string, content: string): void {
      state.errorBoxes.push({ title, content });
    },
    async showMessageBox(options: { message: string; detail?: string }): Promise<{ response: number }> {
      state.messageBoxes.push({ message: options.message, detail: options.detail });
      return { response: 0 };
    },
  },
  Menu: {
    buildFromTemplate: (template: MenuItemTemplate[]) => new FakeMenu(template),
    setApplicationMenu(menu: FakeMenu | null): void {
      state.applicationMenu = menu;
    },
  },
  Tray: FakeTray,
  Notification: FakeNotification,
  nativeImage: {
    createFromPath: (path: string) => new FakeNativeImage(path),
  },
};

/** Hands a fake to code typed against Electron's classes; the fakes implement only what the shell uses. */
export function asElectron<T>(value: unknown): T {
  return value as T;
}
