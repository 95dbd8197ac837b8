import { spawn } from 'node:child_process';

export interface ServiceProcess {
  url: string;
  testKey: string;
  liveKey: string;
  adminKey: string;
  stop(): void;
  /** Stops it and waits until it has exited, so its data file can be read. */
  stopAndWait(): Promise<void>;
}

/** The built-in service in a process of its own (the bundle `npm run bench` builds), so load and measurement do not share a thread. */
export async function startServiceProcess(dataFile: string, supplierDelayMs = 200): Promise<ServiceProcess> {
  const child = spawn(process.execPath, ['out/sandbox/cli.mjs'], {
    env: { ...process.env, PORT: '0', PACKDESK_SANDBOX_DB: dataFile, SUPPLIER_DELAY_MS: String(supplierDelayMs) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('admin key')) resolve();
    });
    child.on('exit', () => reject(new Error(`the service exited: ${output}`)));
  });
  const read = (label: string) => new RegExp(`${label}\\s+(\\S+)`).exec(output)?.[1] ?? '';
  return {
    url: /listening on (http:\/\/[^/]+)/.exec(output)?.[1] ?? '',
    testKey: read('test key'),
    liveKey: read('live key'),
    adminKey: read('admin key'),
    stop: () => child.kill(),
    stopAndWait: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) {
          resolve();
          return;
        }
        child.once('exit', () => resolve());
        child.kill();
      }),
  };
}
