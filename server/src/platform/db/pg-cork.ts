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
export function corkWrites(wire: Partial<PgWire> | undefined): void {
  // `_send` is node-postgres' internal: if a release renames it, queries go out unbatched rather than fail.
  if (typeof wire?._send !== 'function' || typeof wire.stream?.cork !== 'function') return;
  const send = wire._send.bind(wire);
  let corked = false;
  const stream = wire.stream;
  wire._send = (buffer) => {
    if (!corked) {
      corked = true;
      stream.cork();
      process.nextTick(() => {
        corked = false;
        stream.uncork();
      });
    }
    return send(buffer);
  };
}
