import { FuseV1Options, FuseVersion } from '@electron/fuses';
import type { FuseV1Config } from '@electron/fuses';

/**
 * The fuses of the packaged app, flipped in the Electron binary when it is packaged. Every fuse is
 * named (strictlyRequireAllFuses), so an Electron with a new fuse stops the build until it is decided.
 */
export const PACKAGED_FUSES = {
  version: FuseVersion.V1,
  strictlyRequireAllFuses: true,
  // The app binary is never a plain Node: no ELECTRON_RUN_AS_NODE, NODE_OPTIONS or --inspect.
  [FuseV1Options.RunAsNode]: false,
  [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
  [FuseV1Options.EnableNodeCliInspectArguments]: false,
  // Only the signed-off app.asar runs, and (on macOS and Windows) only if its hash matches.
  [FuseV1Options.OnlyLoadAppFromAsar]: true,
  [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
  [FuseV1Options.EnableCookieEncryption]: true,
  // Stays on: the main window no longer uses file:// (it is served on app://packdesk), but the card and
  // 3-D Secure windows must (live Stripe.js accepts only https and file:// pages), and their page is in
  // app.asar: with this fuse off Electron's file:// loader cannot read inside app.asar. Why, and what
  // would let it go off: docs/security.md, "The main window's protocol and the file:// fuse".
  [FuseV1Options.GrantFileProtocolExtraPrivileges]: true,
  [FuseV1Options.LoadBrowserProcessSpecificV8Snapshot]: false,
  [FuseV1Options.WasmTrapHandlers]: true,
} satisfies FuseV1Config;
