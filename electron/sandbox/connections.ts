import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { busy, type Reply } from './route.ts';

/**
 * The cap on connections open at once. Past it, a connection gets a 503 with Retry-After as
 * soon as its request's headers are in, and is closed. Past twice the cap, Node closes new
 * connections unanswered, so a flood cannot use up the process's file descriptors (in the app,
 * the main process's).
 */
export function capConnections(server: Server, max: number) {
  let open = 0;
  const overCap = new WeakSet<Socket>();
  server.maxConnections = 2 * max;
  server.on('connection', (socket: Socket) => {
    open++;
    if (open > max) overCap.add(socket);
    socket.once('close', () => open--);
  });

  return {
    /** Connections open now. */
    open: () => open,

    /** The 503 for a request on a connection past the cap, or null. */
    refusal(socket: Socket): Reply | null {
      return overCap.has(socket) ? busy('too-many-connections', `The sandbox has ${max} connections open, its limit.`) : null;
    },
  };
}
