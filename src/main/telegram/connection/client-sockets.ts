import type { Socket } from 'node:net';
import { PromisedNetSockets } from 'telegram/extensions/index.js';

/** The sockets of one GramJS client, which can all be shut for good. */
export interface ClientSockets {
  /** The socket class handed to GramJS as `networkSocket`. */
  readonly socketClass: typeof PromisedNetSockets;
  /** Destroys every open socket and refuses every later connect. */
  shut(): void;
}

/**
 * GramJS keeps reconnecting after `destroy()`: a reconnect it scheduled just before (a dropped
 * connection, a missed ping) opens a fresh socket and restarts its loops, and a connect still in
 * progress keeps its socket open. Either keeps the process alive. Every socket of the client is
 * therefore made here, so shutting the client can close them all and refuse new ones.
 * `target` redirects every connect to a custom server (GramJS dials only ports 80 and 443).
 */
export function clientSockets(target?: { host: string; port: number }): ClientSockets {
  const open = new Set<ShutSocket>();
  let shut = false;

  class ShutSocket extends PromisedNetSockets {
    override async connect(port: number, ip: string): Promise<unknown> {
      if (shut) throw new Error('This Telegram client was stopped.');
      open.add(this);
      try {
        return await super.connect(target?.port ?? port, target?.host ?? ip);
      } catch (error) {
        open.delete(this);
        throw error;
      }
    }

    override async close(): Promise<void> {
      open.delete(this);
      await super.close();
    }

    /** Ends the socket at once; a connect in progress fails instead of waiting forever. */
    kill(): void {
      // GramJS declares its socket private; destroying it with an error is what fails a pending connect.
      (this as unknown as { client?: Socket }).client?.destroy(
        new Error('This Telegram client was stopped.'),
      );
      void this.close().catch(() => {});
    }
  }

  return {
    socketClass: ShutSocket,
    shut() {
      shut = true;
      for (const socket of [...open]) socket.kill();
    },
  };
}
