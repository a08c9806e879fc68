import type { Server } from 'node:http';
import { Gauge, type Registry } from 'prom-client';
import { SOCKET_PATH } from '../lib/realtime';

/**
 * Open Socket.IO connections of this process, counted as the WebSocket upgrades of its path that
 * are still open. The web client opens a WebSocket first; a client that fell back to long-polling
 * is not counted (decision 034).
 */
export function observeSockets(server: Server, registry: Registry) {
  let open = 0;
  server.on('upgrade', (req: { url?: string }, socket: NodeJS.EventEmitter) => {
    if (!req.url?.startsWith(`${SOCKET_PATH}/`)) return;
    open++;
    socket.once('close', () => open--);
  });
  new Gauge({
    name: 'socketio_connections',
    help: 'Open Socket.IO WebSocket connections of this process.',
    registers: [registry],
    collect() {
      this.set(open);
    },
  });
}
