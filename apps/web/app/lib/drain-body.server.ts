/**
 * How much of an unread body is read before the rest is cancelled. Cancelling closes the
 * connection, and a client that already sent its next request on it sees a reset: so the limit
 * is well past any body a page or a client of ours sends, a photo a little over its 5 MB cap
 * included (refused from its Content-Length before it is read; the fuzz suite sends 6 MB, and a
 * 2 MB limit reset the next request on that connection in CI, issue #28).
 */
export const DRAIN_LIMIT = 8 * 1024 * 1024;

/**
 * What is still read of a body that went past its cap while it streamed (no Content-Length, or
 * a false one): bounded lower, since such a body may never end.
 */
export const OVERFLOW_DRAIN_LIMIT = 2 * 1024 * 1024;

/**
 * Reads (a bounded part of) a body we answer without reading: answering with the body unread
 * left the local server's connection broken for the next request. Past `limit` the rest is
 * cancelled; a client that hung up mid-body is answered all the same.
 */
export async function drainReader(reader: ReadableStreamDefaultReader<Uint8Array>, limit = DRAIN_LIMIT): Promise<void> {
  let read = 0;
  try {
    while (read < limit) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
    }
    await reader.cancel();
  } catch {
    // Nothing to do: the answer goes out either way.
  }
}

/** `drainReader` for a request whose body nobody has touched. */
export async function drainBody(request: Request): Promise<void> {
  const reader = request.body?.getReader();
  if (reader) await drainReader(reader);
}
