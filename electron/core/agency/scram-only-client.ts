import type { EventEmitter } from 'node:events';
import { Client } from 'pg';

/** Raised when the agency's server asks for the password in a form Packdesk never sends it in. */
export class WeakAuthenticationRefused extends Error {
  constructor(readonly method: 'cleartext' | 'md5') {
    super(`The server asked for the password ${method === 'cleartext' ? 'in plain text' : 'as an MD5 hash'}; it was not sent.`);
    this.name = 'WeakAuthenticationRefused';
  }
}

/**
 * A PostgreSQL client that gives its password only through SCRAM: a server (or whoever stands in its
 * place) that asks for it in plain text or as an MD5 hash, which can be replayed or cracked, gets
 * nothing and the connection fails. pg binds these handlers per connection, so overriding them here
 * holds for every connection of this client.
 */
export class ScramOnlyClient extends Client {
  _handleAuthCleartextPassword(): void {
    this.refuse(new WeakAuthenticationRefused('cleartext'));
  }

  _handleAuthMD5Password(): void {
    this.refuse(new WeakAuthenticationRefused('md5'));
  }

  private refuse(error: WeakAuthenticationRefused): void {
    // The connection's error ends the connect attempt with this error and closes the socket.
    (this as unknown as { connection: EventEmitter }).connection.emit('error', error);
  }
}
