import { Gauge, type Registry } from 'prom-client';

/**
 * Open Socket.IO connections of this process, whatever their transport (WebSocket, or long-polling
 * where a proxy refuses the upgrade): the engine's count of connected clients (decision 034).
 */
export function observeSockets(registry: Registry, connections: () => number) {
  new Gauge({
    name: 'socketio_connections',
    help: 'Open Socket.IO connections of this process (WebSocket or long-polling).',
    registers: [registry],
    collect() {
      this.set(connections());
    },
  });
}
