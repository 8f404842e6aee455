/**
 * Exports streamed as they are read (issue #30): every CSV and vCard export is a
 * ReadableStream that reads one keyset batch of rows, formats it and hands it on before it
 * reads the next. The stream pulls a batch only when the reader has taken the last one
 * (backpressure), so one batch at a time is in memory however many rows there are, and no
 * export is capped: nothing is left out, so nothing has to say so.
 */

/** Rows read per batch of a streamed export. */
export const EXPORT_BATCH_ROWS = 1000;

/** One batch of an export: its rows, and where the next starts (null after the last). */
export type ExportBatch<R, C> = { rows: R[]; next: C | null };

/** Reads the batch that starts after `after` (null: the first). */
export type ReadBatch<R, C> = (after: C | null) => Promise<ExportBatch<R, C>>;

/** A batch from `size + 1` rows read: the extra row only says there is a next batch. */
export function toBatch<R, C>(rows: R[], size: number, cursorOf: (row: R) => C): ExportBatch<R, C> {
  const kept = rows.slice(0, size);
  const last = kept[kept.length - 1];
  return { rows: kept, next: rows.length > size && last !== undefined ? cursorOf(last) : null };
}

/**
 * `head` (a header row, a byte order mark), then each batch `read` returns, formatted, until
 * the last. A failure part way ends the stream with an error (the download is cut short, never
 * passed off as whole) and is reported to `onError`.
 */
export function streamExport<R, C>(opts: {
  head?: string;
  /** Written after the last batch (a JSON document's closing brackets). */
  tail?: string;
  read: ReadBatch<R, C>;
  format: (rows: R[]) => string;
  onError?: (error: unknown) => void;
}): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let after: C | null = null;
  let headSent = !opts.head;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (!headSent) {
          headSent = true;
          controller.enqueue(encoder.encode(opts.head));
          return;
        }
        const { rows, next } = await opts.read(after);
        if (rows.length) controller.enqueue(encoder.encode(opts.format(rows)));
        if (next === null) {
          if (opts.tail) controller.enqueue(encoder.encode(opts.tail));
          controller.close();
        } else after = next;
      } catch (error) {
        opts.onError?.(error);
        controller.error(error);
      }
    },
  });
}

/** Reads every batch into one list: for tests and small exports, never for a response. */
export async function readAll<R, C>(read: ReadBatch<R, C>): Promise<R[]> {
  const all: R[] = [];
  let after: C | null = null;
  for (;;) {
    const { rows, next } = await read(after);
    all.push(...rows);
    if (next === null) return all;
    after = next;
  }
}
