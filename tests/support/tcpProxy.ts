/**
 * A TCP pass-through proxy on loopback that can take the network down: a page that reaches the
 * server through it loses every connection (HTTP and websocket alike) at `cut()`, and each
 * connection it opens while the network is down is reset at once, until `restore()`. Nothing of
 * the server changes: to it, the page's sockets simply closed.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';

export interface TcpProxy {
  readonly url: string;
  /** Connections reset while the network was down. */
  readonly refused: () => number;
  readonly cut: () => void;
  readonly restore: () => void;
  readonly close: () => Promise<void>;
}

export const startTcpProxy = async (target: string): Promise<TcpProxy> => {
  const { hostname, port } = new URL(target);
  const open = new Set<net.Socket>();
  let down = false;
  let refused = 0;
  const server = net.createServer((client) => {
    if (down) {
      refused += 1;
      client.resetAndDestroy();
      return;
    }
    const upstream = net.connect({ host: hostname, port: Number(port) });
    for (const s of [client, upstream]) {
      open.add(s);
      s.on('close', () => open.delete(s));
      s.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  const dropAll = () => {
    for (const s of open) s.resetAndDestroy();
  };
  return {
    url: `http://127.0.0.1:${address.port}`,
    refused: () => refused,
    cut: () => {
      down = true;
      dropAll();
    },
    restore: () => {
      down = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        dropAll();
        server.close(() => resolve());
      }),
  };
};
