import { createServer, type Server } from 'node:net';
import { type ConnectionDeps, FakeConnection } from './connection';
import type { AuthKeyRecord } from './store';
import type { TlObject } from './tl-wire';

/** The TCP listener: accepts connections and pushes updates into the sessions that take them. */
export class FakeServer {
  readonly #server: Server;
  readonly #connections = new Set<FakeConnection>();
  /** Connections accepted so far (tests wait for a reconnect by watching it grow). */
  accepted = 0;

  private constructor(deps: ConnectionDeps) {
    this.#server = createServer((socket) => {
      this.accepted += 1;
      socket.setNoDelay(true);
      const connection = new FakeConnection(socket, deps);
      this.#connections.add(connection);
      socket.on('close', () => this.#connections.delete(connection));
    });
  }

  static async listen(host: string, deps: ConnectionDeps): Promise<FakeServer> {
    const server = new FakeServer(deps);
    await new Promise<void>((resolve, reject) => {
      server.#server.once('error', reject);
      server.#server.listen(0, host, () => resolve());
    });
    return server;
  }

  get port(): number {
    const address = this.#server.address();
    if (address === null || typeof address === 'string') throw new Error('the fake server is not listening');
    return address.port;
  }

  /** Pushes to every live session whose auth key matches. */
  push(matches: (authKey: AuthKeyRecord) => boolean, updates: TlObject): void {
    for (const connection of this.#connections) {
      const target = connection.updateTarget;
      if (target && matches(target)) connection.push(updates);
    }
  }

  /** Live sessions that take updates, for one user or all. */
  sessionCount(userId?: bigint): number {
    let count = 0;
    for (const connection of this.#connections) {
      const target = connection.updateTarget;
      if (target && (userId === undefined || target.userId === userId)) count += 1;
    }
    return count;
  }

  /** Drops the user's connections (their sessions' and any other on their keys). */
  disconnectUser(userId: bigint): void {
    for (const connection of this.#connections) {
      if (connection.authKeyUserId === userId) connection.close();
    }
  }

  /** Drops every connection, as a network outage would; clients reconnect on their own. */
  disconnectAll(): void {
    for (const connection of this.#connections) connection.close();
  }

  async close(): Promise<void> {
    this.disconnectAll();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}
