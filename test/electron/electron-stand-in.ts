/**
 * A stand-in for the parts of the `electron` module Packdesk uses. The real binary cannot be
 * downloaded on these machines; this one keeps Electron's event order where the app depends on it
 * (`once` fires once, a quit runs before-quit → each window's close and closed → will-quit → quit,
 * and stops where a listener prevents it) and records what the app asked for, so tests can check it.
 * Where a member mirrors one of Electron's, its signature is checked against Electron's own
 * declarations (`implements Pick<Electron.…>`, or an assignment to one), so a drift fails to compile.
 */
import type { EventEmitter } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

type Listener = (...args: never[]) => void;

/** An event a listener can cancel, as Electron passes to before-quit, close, will-navigate. */
export interface PreventableEvent {
  preventDefault(): void;
  defaultPrevented: boolean;
}
export const preventableEvent = (): PreventableEvent => {
  const event = {
    defaultPrevented: false,
    preventDefault() {
      event.defaultPrevented = true;
    },
  };
  return event;
};

class Emitter implements Pick<EventEmitter, 'listenerCount'> {
  readonly listeners = new Map<string, { listener: Listener; once: boolean }[]>();
  on(event: string, listener: Listener): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), { listener, once: false }]);
    return this;
  }
  once(event: string, listener: Listener): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), { listener, once: true }]);
    return this;
  }
  removeListener(event: string, listener: Listener): this {
    this.listeners.set(
      event,
      (this.listeners.get(event) ?? []).filter((entry) => entry.listener !== listener),
    );
    return this;
  }
  removeAllListeners(event?: string): this {
    if (event === undefined) this.listeners.clear();
    else this.listeners.delete(event);
    return this;
  }
  listenerCount(event: string): number {
    return this.listeners.get(event)?.length ?? 0;
  }
  emit(event: string, ...args: unknown[]): boolean {
    const entries = this.listeners.get(event) ?? [];
    this.listeners.set(
      event,
      entries.filter((entry) => !entry.once),
    );
    for (const { listener } of entries) (listener as (...values: unknown[]) => void)(...args);
    return entries.length > 0;
  }
}

let nextId = 1;

export class StandInWebContents extends Emitter implements Pick<Electron.WebContents, 'id' | 'send' | 'printToPDF'> {
  readonly id = nextId++;
  windowOpenHandler: ((details: { url: string }) => { action: string }) | null = null;
  loadedUrl: string | null = null;
  readonly sent: { channel: string; payload: unknown }[] = [];
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void {
    this.windowOpenHandler = handler;
  }
  send(channel: string, payload: unknown): void {
    this.sent.push({ channel, payload });
  }
  readonly printed: unknown[] = [];
  printToPDF(options: unknown): Promise<Buffer> {
    this.printed.push(options);
    return Promise.resolve(Buffer.from('%PDF-1.7 stand-in'));
  }
}

export class BrowserWindow
  extends Emitter
  implements
    Pick<
      Electron.BrowserWindow,
      'loadURL' | 'maximize' | 'isMaximized' | 'isMinimized' | 'restore' | 'focus' | 'show' | 'close' | 'isDestroyed' | 'getNormalBounds'
    >
{
  static readonly created: BrowserWindow[] = [];
  static getAllWindows(): BrowserWindow[] {
    return BrowserWindow.created.filter((window) => !window.closed);
  }
  readonly webContents = new StandInWebContents();
  readonly options: Record<string, unknown>;
  maximized = false;
  minimized = false;
  focused = 0;
  closed = false;
  constructor(options: Record<string, unknown>) {
    super();
    this.options = options;
    BrowserWindow.created.push(this);
  }
  /** What a page loaded from a file showed, read as Chromium would at the load (the file may be gone after). */
  loadedFileText: string | null = null;
  loadURL(url: string): Promise<void> {
    this.webContents.loadedUrl = url;
    const file = url.startsWith('file:') ? fileURLToPath(url) : null;
    this.loadedFileText = file && existsSync(file) ? readFileSync(file, 'utf8') : null;
    return Promise.resolve();
  }
  maximize(): void {
    this.maximized = true;
  }
  isMaximized(): boolean {
    return this.maximized;
  }
  isMinimized(): boolean {
    return this.minimized;
  }
  restore(): void {
    this.minimized = false;
  }
  focus(): void {
    this.focused += 1;
  }
  getNormalBounds() {
    return { x: 10, y: 20, width: 1300, height: 840 };
  }
  show(): void {}
  /** As Electron: 'close' (which a listener may prevent), then 'closed'. */
  close(): void {
    if (this.closed) return;
    const event = preventableEvent();
    this.emit('close', event);
    if (event.defaultPrevented) return;
    this.closed = true;
    this.emit('closed');
  }
  isDestroyed(): boolean {
    return this.closed;
  }
}

class StandInIpcMain extends Emitter implements Pick<Electron.IpcMain, 'handle' | 'removeHandler'> {
  readonly handlers = new Map<string, (event: unknown, input: unknown) => unknown>();
  handle(channel: string, handler: (event: Electron.IpcMainInvokeEvent, input: unknown) => unknown): void {
    if (this.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    // Tests pass events holding only what the handler reads.
    this.handlers.set(channel, handler as (event: unknown, input: unknown) => unknown);
  }
  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  }
  /** Delivers a message as if a renderer had sent it. */
  deliver(channel: string, event: unknown, payload: unknown): void {
    this.emit(channel, event, payload);
  }
  /** Invokes a channel as a renderer would; a channel with no handler fails as in Electron. */
  invoke(channel: string, event: unknown, input: unknown): Promise<unknown> {
    const handler = this.handlers.get(channel);
    if (!handler) return Promise.reject(new Error(`No handler registered for '${channel}'`));
    return Promise.resolve(handler(event, input));
  }
}
export const ipcMain = new StandInIpcMain();

export const shell = {
  opened: [] as string[],
  openedPaths: [] as string[],
  openExternal(url: string) {
    this.opened.push(url);
    return Promise.resolve();
  },
  openPath(path: string) {
    this.openedPaths.push(path);
    return Promise.resolve('');
  },
};
const shellChecked: Pick<Electron.Shell, 'openExternal' | 'openPath'> = shell;

type AppFacts = 'isPackaged' | 'getPath' | 'setPath' | 'getVersion' | 'getPreferredSystemLanguages';
type AppLife = 'requestSingleInstanceLock' | 'whenReady' | 'isReady' | 'quit' | 'relaunch';

class StandInApp extends Emitter implements Pick<Electron.App, AppFacts | AppLife> {
  isPackaged = false;
  /** The operating system's languages, most preferred first, as the agent set them up. */
  systemLanguages = ['en-US'];
  /** What requestSingleInstanceLock answers: false as if another Packdesk held the data folder. */
  lockAvailable = true;
  quitCalls = 0;
  relaunched = 0;
  relaunch(): void {
    this.relaunched += 1;
  }
  /** Set once a quit went all the way through ('quit' emitted). */
  quitted = false;
  private readonly paths = new Map<string, string>();
  private readyResolve: (() => void) | null = null;
  private ready = new Promise<void>((resolve) => (this.readyResolve = resolve));
  private readyNow = false;
  /** As a freshly started Electron. */
  reset(): void {
    this.removeAllListeners();
    this.isPackaged = false;
    this.systemLanguages = ['en-US'];
    this.lockAvailable = true;
    this.quitCalls = 0;
    this.relaunched = 0;
    this.quitted = false;
    this.paths.clear();
    this.ready = new Promise<void>((resolve) => (this.readyResolve = resolve));
    this.readyNow = false;
  }
  getPath(name: string): string {
    return this.paths.get(name) ?? `/home/agent/${name === 'documents' ? 'Documents' : name}`;
  }
  setPath(name: string, path: string): void {
    this.paths.set(name, path);
  }
  getVersion(): string {
    return '0.1.0';
  }
  getPreferredSystemLanguages(): string[] {
    return [...this.systemLanguages];
  }
  requestSingleInstanceLock(): boolean {
    return this.lockAvailable;
  }
  whenReady(): Promise<void> {
    return this.ready;
  }
  isReady(): boolean {
    return this.readyNow;
  }
  /** The test says when Electron is ready, as the real one emits 'ready'. */
  becomeReady(): void {
    this.readyNow = true;
    this.readyResolve?.();
    this.emit('ready');
  }
  /** As Electron: before-quit (preventable), every window closed, will-quit (preventable), quit. */
  quit(): void {
    this.quitCalls += 1;
    const beforeQuit = preventableEvent();
    this.emit('before-quit', beforeQuit);
    if (beforeQuit.defaultPrevented) return;
    for (const window of BrowserWindow.getAllWindows()) window.close();
    const willQuit = preventableEvent();
    this.emit('will-quit', willQuit);
    if (willQuit.defaultPrevented) return;
    this.quitted = true;
    this.emit('quit');
  }
}
export const app = new StandInApp();

export const dialog = {
  /** What the next save dialog answers, as if the agent chose it. */
  next: { canceled: false, filePath: '' as string | undefined },
  asked: [] as unknown[],
  errors: [] as { title: string; content: string }[],
  /** What the next open dialog answers. */
  nextOpen: { canceled: false, filePaths: [] as string[] },
  /** The button the next message box answers with (its index), and every message shown. */
  nextResponse: 0,
  messages: [] as { type?: string; message: string; detail?: string }[],
  showOpenDialog(options: unknown) {
    this.asked.push(options);
    return Promise.resolve(this.nextOpen);
  },
  showMessageBox(...args: unknown[]) {
    const options = args.at(-1) as { type?: string; message: string; detail?: string };
    this.messages.push(options);
    return Promise.resolve({ response: this.nextResponse, checkboxChecked: false });
  },
  showSaveDialog(_window: unknown, options: unknown) {
    this.asked.push(options);
    return Promise.resolve(this.next);
  },
  showErrorBox(title: string, content: string) {
    this.errors.push({ title, content });
  },
};
const dialogChecked: Pick<Electron.Dialog, 'showErrorBox'> = dialog;

type MenuItem = { label?: string; click?: () => void; submenu?: MenuItem[] };
export const Menu = {
  applied: null as { template: MenuItem[] } | null,
  buildFromTemplate: (template: MenuItem[]) => ({ template }),
  setApplicationMenu(menu: { template: MenuItem[] }) {
    this.applied = menu;
  },
  /** Clicks a menu item by its label, as the agent would. */
  click(label: string): void {
    const find = (items: MenuItem[]): MenuItem | undefined =>
      items.map((item) => (item.label === label ? item : find(item.submenu ?? []))).find(Boolean);
    const item = find(this.applied?.template ?? []);
    if (!item?.click) throw new Error(`no menu item ${label}`);
    item.click();
  },
};

export const screen = {
  getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }],
};

/** The system's power and screen-lock events; a test emits 'lock-screen' or 'suspend' as the OS would. */
export const powerMonitor = new Emitter();

type BeforeRequestListener = (details: { url: string }, callback: (response: { cancel?: boolean }) => void) => void;

export class StandInSession {
  beforeRequest: BeforeRequestListener | null = null;
  readonly webRequest = {
    onBeforeRequest: (listener: BeforeRequestListener) => {
      this.beforeRequest = listener;
    },
  };
  /** Whether a page of this session may load `url`, as Chromium asks the session's listener. */
  lets(url: string): boolean {
    let cancelled = false;
    this.beforeRequest?.({ url }, (response) => (cancelled = response.cancel === true));
    return !cancelled;
  }
  permissionRequestHandler: ((contents: unknown, permission: string, callback: (granted: boolean) => void) => void) | null = null;
  permissionCheckHandler: ((...args: unknown[]) => boolean) | null = null;
  setPermissionRequestHandler(handler: StandInSession['permissionRequestHandler']): void {
    this.permissionRequestHandler = handler;
  }
  setPermissionCheckHandler(handler: StandInSession['permissionCheckHandler']): void {
    this.permissionCheckHandler = handler;
  }
}

export const session = {
  defaultSession: new StandInSession(),
  partitions: new Map<string, StandInSession>(),
  fromPartition(partition: string): StandInSession {
    const existing = this.partitions.get(partition) ?? new StandInSession();
    this.partitions.set(partition, existing);
    return existing;
  },
};

type ProtocolHandler = (request: Request) => Response | Promise<Response>;

/** The default session's protocols: what schemes were made privileged, and each handler, to call as a page would. */
export const protocol = {
  privileged: [] as Electron.CustomScheme[],
  handlers: new Map<string, ProtocolHandler>(),
  /** As Electron: only before the app is ready. */
  registerSchemesAsPrivileged(schemes: Electron.CustomScheme[]) {
    if (app.isReady()) throw new Error('protocol.registerSchemesAsPrivileged should be called before app is ready');
    this.privileged.push(...schemes);
  },
  handle(scheme: string, handler: ProtocolHandler) {
    if (this.handlers.has(scheme)) throw new Error(`Failed to register protocol: ${scheme}`);
    this.handlers.set(scheme, handler);
  },
  unhandle(scheme: string) {
    this.handlers.delete(scheme);
  },
  isProtocolHandled(scheme: string) {
    return this.handlers.has(scheme);
  },
  /** A request for `url`, answered by the handler of its scheme, as Chromium would ask it. */
  async fetch(url: string, init?: RequestInit): Promise<Response> {
    const handler = this.handlers.get(new URL(url).protocol.slice(0, -1));
    if (!handler) throw new Error(`net::ERR_UNKNOWN_URL_SCHEME ${url}`);
    return handler(new Request(url, init));
  },
};
const protocolChecked: Pick<Electron.Protocol, 'registerSchemesAsPrivileged' | 'handle' | 'unhandle' | 'isProtocolHandled'> = protocol;

/** A fresh Electron for the next test: a new app, no windows, no handlers, nothing recorded. */
export function resetElectron(): void {
  app.reset();
  BrowserWindow.created.length = 0;
  ipcMain.handlers.clear();
  ipcMain.removeAllListeners();
  shell.opened.length = 0;
  shell.openedPaths.length = 0;
  dialog.errors.length = 0;
  dialog.asked.length = 0;
  dialog.messages.length = 0;
  dialog.nextResponse = 0;
  Menu.applied = null;
  protocol.privileged.length = 0;
  protocol.handlers.clear();
  powerMonitor.removeAllListeners();
}

// The checks above are the point; the names keep the compiler from dropping them.
export const signaturesChecked = [shellChecked, dialogChecked, protocolChecked].length;
