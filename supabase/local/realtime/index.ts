import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { LocalContext } from '../context';

export type Realtime = {
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  clientCount(): number;
  close(): Promise<void>;
};

export async function createRealtime(_ctx: LocalContext): Promise<Realtime> {
  return {
    handleUpgrade: (_request, socket) => socket.destroy(),
    clientCount: () => 0,
    close: async () => undefined,
  };
}
