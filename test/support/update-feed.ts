import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';

/** What electron-updater reads on Linux: `<channel>-linux.yml`, with the machine's architecture after it unless x64. */
const feedFileName = (channel: 'latest' | 'early') => `${channel}-linux${process.arch === 'x64' ? '' : `-${process.arch}`}.yml`;

export interface FeedRelease {
  version: string;
  /** The installer's bytes as served. */
  file: Buffer;
  /** The sha512 the feed states; by default the file's own. */
  statedSha512?: string;
  stagingPercentage?: number;
  channel?: 'latest' | 'early';
}

export const sha512Of = (bytes: Buffer) => createHash('sha512').update(bytes).digest('base64');

/** The feed file as electron-builder writes it: the version, its file with sha512 and size, and the rollout. */
function feedYaml(release: FeedRelease, fileName: string): string {
  const sha512 = release.statedSha512 ?? sha512Of(release.file);
  return [
    `version: ${release.version}`,
    'files:',
    `  - url: ${fileName}`,
    `    sha512: ${sha512}`,
    `    size: ${release.file.length}`,
    `path: ${fileName}`,
    `sha512: ${sha512}`,
    `releaseDate: '2026-11-20T10:00:00.000Z'`,
    ...(release.stagingPercentage === undefined ? [] : [`stagingPercentage: ${release.stagingPercentage}`]),
    '',
  ].join('\n');
}

/** A feed folder served over loopback HTTP, as an agency would host it; every path asked for is kept. */
export function useUpdateFeed() {
  const servers: { close(): void }[] = [];
  afterEach(() => {
    for (const server of servers.splice(0)) server.close();
  });
  return async (release: FeedRelease) => {
    const installer = `packdesk_${release.version}_amd64.deb`;
    const files = new Map<string, Buffer>([
      [`/${feedFileName(release.channel ?? 'latest')}`, Buffer.from(feedYaml(release, installer))],
      [`/${installer}`, release.file],
    ]);
    const requested: string[] = [];
    const server = createServer((request, response) => {
      const path = new URL(request.url ?? '/', 'http://feed').pathname;
      requested.push(path);
      const body = files.get(path);
      if (!body) {
        response.writeHead(404).end();
        return;
      }
      response.writeHead(200, { 'content-length': body.length }).end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push({ close: () => server.close() });
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, requested, installer };
  };
}
