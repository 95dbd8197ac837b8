/**
 * A stand-in for the parts of the `electron` module Packdesk's glue uses. The real binary cannot be
 * downloaded on these machines; this records what the glue asked Electron to do, so tests can check it.
 */
type Listener = (...args: unknown[]) => void;

class Emitter {
  readonly listeners = new Map<string, Listener[]>();
  on(event: string, listener: Listener): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  once(event: string, listener: Listener): this {
    return this.on(event, listener);
  }
  emit(event: string, ...args: unknown[]): void {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }
}

let nextId = 1;

export class StandInWebContents extends Emitter {
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

export class BrowserWindow extends Emitter {
  static readonly created: BrowserWindow[] = [];
  readonly webContents = new StandInWebContents();
  readonly options: Record<string, unknown>;
  maximized = false;
  constructor(options: Record<string, unknown>) {
    super();
    this.options = options;
    BrowserWindow.created.push(this);
  }
  loadURL(url: string): Promise<void> {
    this.webContents.loadedUrl = url;
    return Promise.resolve();
  }
  maximize(): void {
    this.maximized = true;
  }
  isMaximized(): boolean {
    return this.maximized;
  }
  getNormalBounds() {
    return { x: 10, y: 20, width: 1300, height: 840 };
  }
  show(): void {}
  closed = false;
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.emit('closed');
  }
  isDestroyed(): boolean {
    return this.closed;
  }
}

export const ipcMain = {
  listeners: new Map<string, ((event: unknown, payload: unknown) => void)[]>(),
  on(channel: string, listener: (event: unknown, payload: unknown) => void) {
    this.listeners.set(channel, [...(this.listeners.get(channel) ?? []), listener]);
  },
  removeListener(channel: string, listener: (event: unknown, payload: unknown) => void) {
    this.listeners.set(
      channel,
      (this.listeners.get(channel) ?? []).filter((entry) => entry !== listener),
    );
  },
  /** Delivers a message as if a renderer had sent it. */
  deliver(channel: string, event: unknown, payload: unknown) {
    for (const listener of this.listeners.get(channel) ?? []) listener(event, payload);
  },
  handlers: new Map<string, (event: unknown, input: unknown) => unknown>(),
  handle(channel: string, handler: (event: unknown, input: unknown) => unknown) {
    if (this.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.handlers.set(channel, handler);
  },
  removeHandler(channel: string) {
    this.handlers.delete(channel);
  },
};

export const shell = {
  opened: [] as string[],
  openExternal(url: string) {
    this.opened.push(url);
    return Promise.resolve();
  },
};

export const app = {
  getPath: (name: string) => `/home/agent/${name === 'documents' ? 'Documents' : name}`,
};

export const dialog = {
  /** What the next save dialog answers, as if the agent chose it. */
  next: { canceled: false, filePath: '' as string | undefined },
  asked: [] as unknown[],
  showSaveDialog(_window: unknown, options: unknown) {
    this.asked.push(options);
    return Promise.resolve(this.next);
  },
};

export const screen = {
  getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }],
};

export class StandInSession {
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
