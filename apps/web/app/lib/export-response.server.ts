/**
 * A streamed export's response (issue #30): the body is read from D1 a batch at a time while
 * it is sent (core platform/stream-export.ts), so it has no Content-Length and nothing caps it.
 */
export function streamedDownload(body: ReadableStream<Uint8Array>, opts: { type: string; filename: string }): Response {
  return new Response(body, { headers: downloadHeaders(opts) });
}

/** An attachment that is the signed-in user's own: never cached, never sniffed. */
export const downloadHeaders = (opts: { type: string; filename: string }) => ({
  "Content-Type": opts.type,
  "Content-Disposition": `attachment; filename="${opts.filename}"`,
  "Cache-Control": "private, no-store",
  "X-Content-Type-Options": "nosniff",
});

/** Logs a failure part way through a stream (the download is then cut short, never passed off as whole). */
export const logExportError = (what: string) => (error: unknown) => console.error(`[export] ${what}`, error);
