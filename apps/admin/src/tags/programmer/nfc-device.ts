import { randomNxpUid } from "@releve/core/tags/ndef";

/**
 * The programmer's NFC device (issue #18, spec part 2 §4): Web NFC (`NDEFReader`, Chrome on
 * Android) where the browser has it, otherwise nothing: the page then offers its labelled
 * simulation (decision 0033). Only the Web NFC shape is used, so a test double installed as
 * `window.NDEFReader` drives the same code as a phone.
 */

// The parts of Web NFC we use (https://w3c.github.io/web-nfc/); TypeScript's DOM types lack them.
type WebNdefRecord = {
  recordType: string;
  mediaType?: string | null;
  data?: DataView | null;
  encoding?: string | null;
};
type WebReadingEvent = Event & { serialNumber?: string; message?: { records?: readonly WebNdefRecord[] } };
type WebReadingErrorEvent = Event & { message?: string };
type WebNdefReader = EventTarget & {
  scan(options?: { signal?: AbortSignal }): Promise<void>;
  write(
    message: { records: { recordType: string; data: string }[] },
    options?: { overwrite?: boolean; signal?: AbortSignal },
  ): Promise<void>;
  makeReadOnly(options?: { signal?: AbortSignal }): Promise<void>;
};
type WebNdefReaderClass = new () => WebNdefReader;

/** Spec part 2 §9: an NFC read gives up after 10 s. */
export const NFC_READ_TIMEOUT_MS = 10_000;
/** Spec part 2 §8: the 'Try Simulation' hint follows a read error after 2 s. */
export const TRY_SIMULATION_DELAY_MS = 2_000;

/** Spec part 2 §8, the reader's errors, verbatim. */
const READER_ERRORS = {
  notSupported: "Web NFC not supported",
  timeout: "NFC read timeout after 10 seconds",
  readFailed: "Failed to read NFC tag",
  unknown: "Unknown error",
} as const;

/** A reader failure with the text the page shows. */
export class NfcError extends Error {
  constructor(
    message: string,
    /** The browser's own error name (NotAllowedError, NetworkError…), when there was one. */
    readonly errorName?: string,
  ) {
    super(message);
    this.name = "NfcError";
  }
}

export type ReadRecord = {
  recordType: string;
  mediaType: string | null;
  /** The record as text for url, absolute-url and text records; null for anything else. */
  text: string | null;
  byteLength: number;
};

/** What a read saw: the chip's serial number (UID) and its NDEF records (none on a blank chip). */
export type ReadTag = { serialNumber: string | null; records: ReadRecord[] };

function webNdefReader(): WebNdefReaderClass | null {
  if (typeof window === "undefined" || !("NDEFReader" in window)) return null;
  return (window as unknown as { NDEFReader: WebNdefReaderClass }).NDEFReader;
}

/** Web NFC is present: `"NDEFReader" in window`. */
export const hasWebNfc = () => webNdefReader() !== null;

const TEXT_RECORDS = new Set(["url", "absolute-url", "text"]);

function toReadRecord(record: WebNdefRecord): ReadRecord {
  const data = record.data ?? null;
  let text: string | null = null;
  if (data && TEXT_RECORDS.has(record.recordType)) {
    try {
      text = new TextDecoder(record.encoding ?? "utf-8").decode(data);
    } catch {
      text = null;
    }
  }
  return {
    recordType: record.recordType,
    mediaType: record.mediaType ?? null,
    text,
    byteLength: data?.byteLength ?? 0,
  };
}

/** The first record that names one of our tag links (`…/t/<slug>`), if any. */
export const tagLinkOf = (tag: ReadTag) =>
  tag.records.find((r) => r.text !== null && /\/t\/[^/?#\s]+/.test(r.text))?.text ?? null;

/** The message of anything a Web NFC call rejected with, as the page shows it. */
function describe(error: unknown, fallback: string): NfcError {
  if (error instanceof NfcError) return error;
  if (error instanceof DOMException || error instanceof Error) {
    if (error.name === "NotSupportedError") return new NfcError(READER_ERRORS.notSupported, error.name);
    return new NfcError(error.message ? `${fallback}: ${error.message}` : fallback, error.name);
  }
  return new NfcError(READER_ERRORS.unknown);
}

/**
 * Waits for one tag in range (scan, then the first `reading`), with the spec's 10 s time-out,
 * then runs `then` on it while it is still in range (Web NFC writes to the tag it just read).
 */
function withOneTag<T>(
  then: (reader: WebNdefReader, event: WebReadingEvent, signal: AbortSignal) => Promise<T>,
  cancel?: AbortSignal,
): Promise<T> {
  const Reader = webNdefReader();
  if (!Reader) return Promise.reject(new NfcError(READER_ERRORS.notSupported));
  const reader = new Reader();
  const controller = new AbortController();
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      reader.removeEventListener("reading", onReading);
      reader.removeEventListener("readingerror", onError);
      cancel?.removeEventListener("abort", onCancel);
      outcome();
      // Stops the scan: the phone no longer polls for tags.
      controller.abort();
    };
    const timer = setTimeout(() => finish(() => reject(new NfcError(READER_ERRORS.timeout))), NFC_READ_TIMEOUT_MS);
    const onCancel = () => finish(() => reject(new NfcError("Cancelled.", "AbortError")));
    const onError = (event: Event) => {
      const message = (event as WebReadingErrorEvent).message;
      finish(() =>
        reject(new NfcError(message ? `${READER_ERRORS.readFailed}: ${message}` : READER_ERRORS.readFailed)),
      );
    };
    const onReading = (event: Event) => {
      reader.removeEventListener("reading", onReading);
      clearTimeout(timer);
      then(reader, event as WebReadingEvent, controller.signal).then(
        (value) => finish(() => resolve(value)),
        (error) => finish(() => reject(describe(error, READER_ERRORS.readFailed))),
      );
    };
    cancel?.addEventListener("abort", onCancel);
    reader.addEventListener("reading", onReading);
    reader.addEventListener("readingerror", onError);
    reader
      .scan({ signal: controller.signal })
      .catch((error) => finish(() => reject(describe(error, READER_ERRORS.readFailed))));
  });
}

/** 'Read a tag': the serial number and records of the next tag held to the phone. */
export function readTag(cancel?: AbortSignal): Promise<ReadTag> {
  return withOneTag(
    async (_reader, event) => ({
      serialNumber: event.serialNumber || null,
      records: (event.message?.records ?? []).map(toReadRecord),
    }),
    cancel,
  );
}

/**
 * Writes one URL record on the next tag held to the phone (read first, so its serial number is
 * known: the UID the server records). Resolves with that UID once written.
 */
export function writeUrl(url: string, cancel?: AbortSignal): Promise<{ uid: string | null }> {
  return withOneTag(async (reader, event, signal) => {
    try {
      await reader.write({ records: [{ recordType: "url", data: url }] }, { signal });
    } catch (error) {
      throw describe(error, "Failed to write NFC tag");
    }
    return { uid: event.serialNumber || null };
  }, cancel);
}

/** A serial number as the registry stores it: upper-case hex, no separators. */
const plainUid = (serial: string) => serial.replace(/[\s:-]/g, "").toUpperCase();

/**
 * Makes the next tag held to the phone read-only: permanent. With `expectUid` (the registry's
 * UID of the tag meant), any other tag is refused before anything is done to it.
 */
export function makeReadOnly(cancel?: AbortSignal, expectUid?: string | null): Promise<{ uid: string | null }> {
  return withOneTag(async (reader, event, signal) => {
    if (expectUid && event.serialNumber && plainUid(event.serialNumber) !== plainUid(expectUid)) {
      throw new NfcError(
        `This is not the tag shown: its UID is ${event.serialNumber}, not ${expectUid}. Nothing was changed.`,
      );
    }
    try {
      await reader.makeReadOnly({ signal });
    } catch (error) {
      throw describe(error, "Failed to lock NFC tag");
    }
    return { uid: event.serialNumber || null };
  }, cancel);
}

/** The simulation's chip: a random 7-byte NXP UID, shown as simulated and never sent as a real one. */
export const simulatedUid = () => randomNxpUid();

/** What the write result tells the server about the device: a few flat facts, the mode first (chip or simulation). */
export function deviceInfo(mode: "web-nfc" | "simulation"): Record<string, string> {
  const nav = typeof navigator === "undefined" ? null : navigator;
  return {
    mode,
    userAgent: (nav?.userAgent ?? "").slice(0, 300),
    platform: ((nav as (Navigator & { userAgentData?: { platform?: string } }) | null)?.userAgentData?.platform ??
      nav?.platform ??
      "") as string,
  };
}
