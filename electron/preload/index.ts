import { contextBridge, ipcRenderer } from 'electron';
import { createBridge } from '../../shared/bridge';
import { EVENT_CHANNEL } from '../../shared/ipc';
import type { PushedEvent } from '../../shared/ipc';

// Exactly the declared channels and one event subscription; ipcRenderer itself never reaches the page.
contextBridge.exposeInMainWorld(
  'packdesk',
  createBridge(
    (channel, input) => ipcRenderer.invoke(channel, input),
    (listener) => {
      const forward = (_event: Electron.IpcRendererEvent, pushed: PushedEvent) => listener(pushed);
      ipcRenderer.on(EVENT_CHANNEL, forward);
      return () => ipcRenderer.removeListener(EVENT_CHANNEL, forward);
    },
  ),
);
