import type { ForgeConfig } from '@electron-forge/shared-types';

type PackagerConfig = NonNullable<ForgeConfig['packagerConfig']>;

/** The signing options Forge gets, from the release machine's environment, and what is left unsigned. */
export interface Signing {
  osxSign?: Exclude<PackagerConfig['osxSign'], true>;
  osxNotarize?: PackagerConfig['osxNotarize'];
  /** For the packaged app's binaries and for the Windows installer. */
  windowsSign?: { certificateFile: string; certificatePassword?: string; timestampServer?: string };
  /** One line saying what will not be signed and which variables would sign it; null when all is signed. */
  unsigned: string | null;
}

/** The variables, by what each signs (README, "Signing"). */
export const SIGNING_VARIABLES = {
  macSign: ['APPLE_IDENTITY'],
  macNotarize: ['APPLE_ID', 'APPLE_APP_SPECIFIC_PASSWORD', 'APPLE_TEAM_ID'],
  windowsSign: ['WINDOWS_CERTIFICATE_FILE'],
} as const;

const missing = (env: NodeJS.ProcessEnv, names: readonly string[]) => names.filter((name) => !env[name]);

/**
 * macOS: signed with the Developer ID identity APPLE_IDENTITY, then notarized with APPLE_ID, its
 * app-specific password and APPLE_TEAM_ID (notarizing needs the signature). Windows: signed with the
 * .pfx in WINDOWS_CERTIFICATE_FILE (password WINDOWS_CERTIFICATE_PASSWORD, timestamp server
 * WINDOWS_TIMESTAMP_SERVER). Nothing set: the build goes on unsigned, and says so in one line.
 */
export function signingFrom(env: NodeJS.ProcessEnv): Signing {
  const signing: Signing = { unsigned: null };
  const gaps: string[] = [];
  const identity = env.APPLE_IDENTITY;
  if (identity) {
    // Hardened runtime, which notarization requires; @electron/osx-sign's default entitlements are Electron's.
    signing.osxSign = { identity, optionsForFile: () => ({ hardenedRuntime: true }) };
    const notarizeGaps = missing(env, SIGNING_VARIABLES.macNotarize);
    if (notarizeGaps.length === 0)
      signing.osxNotarize = {
        appleId: env.APPLE_ID as string,
        appleIdPassword: env.APPLE_APP_SPECIFIC_PASSWORD as string,
        teamId: env.APPLE_TEAM_ID as string,
      };
    else gaps.push(`macOS signed but not notarized (${notarizeGaps.join(', ')} not set)`);
  } else gaps.push('macOS (APPLE_IDENTITY not set)');
  const certificateFile = env.WINDOWS_CERTIFICATE_FILE;
  if (certificateFile)
    signing.windowsSign = {
      certificateFile,
      ...(env.WINDOWS_CERTIFICATE_PASSWORD ? { certificatePassword: env.WINDOWS_CERTIFICATE_PASSWORD } : {}),
      ...(env.WINDOWS_TIMESTAMP_SERVER ? { timestampServer: env.WINDOWS_TIMESTAMP_SERVER } : {}),
    };
  else gaps.push('Windows (WINDOWS_CERTIFICATE_FILE not set)');
  if (gaps.length) signing.unsigned = `Not signed: ${gaps.join('; ')}. See README, "Signing".`;
  return signing;
}
