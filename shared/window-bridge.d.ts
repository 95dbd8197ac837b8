import type { PackdeskBridge } from './bridge';

// The preload (and the browser test harness) expose the bridge on window.
declare global {
  interface Window {
    packdesk: PackdeskBridge;
  }
}
