/**
 * How much of an unread body is read before the rest is cancelled. Cancelling closes the
 * connection, and a client that already sent its next request on it sees a reset: so the limit
 * is well past any body a page or a client of ours sends (the fuzz suite sends up to ~1 MB).
 */
export const DRAIN_LIMIT = 2 * 1024 * 1024;

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
