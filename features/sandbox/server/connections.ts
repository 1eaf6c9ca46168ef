import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { busy, type Reply } from './route.ts';

/**
 * The cap on connections open at once. A connection kept alive after its answer holds no room
 * a new one needs: when the cap is reached, the longest idle is closed for the newcomer, since
 * clients that open a connection per request and never reuse it (Bruno's CLI, keep-alive
 * agents made per request) would otherwise fill the cap with connections nobody will use.
 * Past the cap with none idle (each holds a request, or has yet to send its first), a
 * connection gets a 503 with Retry-After as soon as its request's headers are in, and is
 * closed. Past twice the cap, Node closes new connections unanswered, so a flood cannot use up
 * the process's file descriptors (in the app, the main process's).
 */
export function capConnections(server: Server, max: number) {
  let open = 0;
  /** The connections within the cap. */
  const counted = new Set<Socket>();
  /** Requests under way on each connection that has had one (pipelined requests overlap). */
  const inFlight = new Map<Socket, number>();
  /** Connections that have been answered and wait for nothing, longest idle first (a Set keeps insertion order). */
  const idle = new Set<Socket>();

  /** Counts the connection, closing the longest idle one for it when the cap is reached; false when none could make room. */
  function admit(socket: Socket): boolean {
    if (counted.has(socket)) return true;
    if (counted.size >= max) {
      const longestIdle = idle.values().next();
      if (longestIdle.done) return false;
      forget(longestIdle.value);
      longestIdle.value.destroy();
    }
    counted.add(socket);
    return true;
  }

  function forget(socket: Socket): void {
    counted.delete(socket);
    idle.delete(socket);
    inFlight.delete(socket);
  }

  server.maxConnections = 2 * max;
  server.on('connection', (socket: Socket) => {
    open++;
    admit(socket);
    socket.once('close', () => {
      open--;
      forget(socket);
    });
  });
  server.on('request', (request, response) => {
    const { socket } = request;
    idle.delete(socket);
    inFlight.set(socket, (inFlight.get(socket) ?? 0) + 1);
    response.once('close', () => {
      const left = (inFlight.get(socket) ?? 1) - 1;
      inFlight.set(socket, left);
      if (left === 0 && counted.has(socket) && !socket.destroyed) idle.add(socket);
    });
  });

  return {
    /** Connections open now. */
    open: () => open,

    /** The 503 for a request on a connection past the cap (none has made room for it since it came), or null. */
    refusal(socket: Socket): Reply | null {
      return admit(socket) ? null : busy('too-many-connections', `The sandbox has ${max} connections open, its limit.`);
    },
  };
}
