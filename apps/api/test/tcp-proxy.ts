import { connect, createServer, type Server, type Socket } from 'node:net';

export type TcpProxy = {
  port: number;
  /** Drops every open connection and refuses new ones, as a database host that went away. */
  cut: () => Promise<void>;
  /** Accepts connections again, on the same port. */
  restore: () => Promise<void>;
  close: () => Promise<void>;
};

/** A TCP proxy on 127.0.0.1 to `target`, whose line can be cut and restored. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    // A reset from either side is how the line ends here; nothing to report.
    socket.on('error', () => {});
  };
  let server: Server | undefined;
  let port = 0;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const listening = createServer((incoming) => {
        track(incoming);
        const outgoing = connect(target);
        track(outgoing);
        incoming.pipe(outgoing);
        outgoing.pipe(incoming);
        incoming.once('close', () => outgoing.destroy());
        outgoing.once('close', () => incoming.destroy());
      });
      listening.once('error', reject);
      listening.listen(port, '127.0.0.1', () => {
        const address = listening.address();
        port = typeof address === 'object' && address ? address.port : port;
        server = listening;
        resolve();
      });
    });

  const stop = async () => {
    const listening = server;
    server = undefined;
    const closed = listening ? new Promise<void>((resolve) => listening.close(() => resolve())) : undefined;
    for (const socket of sockets) socket.resetAndDestroy();
    await closed;
  };

  await listen();
  return { port, cut: stop, restore: listen, close: stop };
}
