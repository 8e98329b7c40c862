/** The part of node-postgres' connection this touches: every protocol message goes through `_send`. */
export interface PgWire {
  stream: { cork(): void; uncork(): void };
  _send(buffer: Buffer): boolean;
}

/**
 * Sends each query's protocol messages (bind, describe, execute, sync, and parse the first time) in one
 * system call: node-postgres writes them one by one, which costs the server a `write` plus a `writev`
 * per query, the largest single item of its CPU profile under load. The socket is corked at a tick's
 * first message and uncorked on the next tick, when the query has been written whole.
 */
export function corkWrites(wire: PgWire): void {
  const send = wire._send.bind(wire);
  let corked = false;
  wire._send = (buffer) => {
    if (!corked) {
      corked = true;
      const stream = wire.stream;
      stream.cork();
      process.nextTick(() => {
        corked = false;
        stream.uncork();
      });
    }
    return send(buffer);
  };
}
