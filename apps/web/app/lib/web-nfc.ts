import { normalizeSlug } from "@releve/core/tap/slug";

/**
 * Web NFC (Chrome on Android, https://w3c.github.io/web-nfc/) as the owner's screens use it:
 * read a tag's first URL or text record, or write a tap link to a blank one. Browser only; `hasWebNfc()` says whether to offer it.
 */
const NFC_READ_TIMEOUT_MS = 10_000;
export const NFC_TIMEOUT_MESSAGE = "NFC read timeout after 10 seconds";
export const NFC_FOREIGN_TAG_MESSAGE = "NFC Tag Detected: this tag is not one of Relevé's garments.";

type NdefRecordLike = { recordType: string; data?: DataView };
type NdefReaderLike = {
  scan(options: { signal: AbortSignal }): Promise<void>;
  onreading: ((event: { message: { records: NdefRecordLike[] } }) => void) | null;
  onreadingerror: (() => void) | null;
};

type NdefWriterLike = {
  write(message: { records: { recordType: string; data: string }[] }, options: { signal: AbortSignal }): Promise<void>;
};

export const hasWebNfc = () => typeof window !== "undefined" && "NDEFReader" in window;

/** The first URL or text record of the next tag held to the phone; rejects with a message to show. */
async function readTagText(signal: AbortSignal): Promise<string> {
  const Reader = (window as unknown as { NDEFReader: new () => NdefReaderLike }).NDEFReader;
  const reader = new Reader();
  await reader.scan({ signal });
  return new Promise((resolve, reject) => {
    signal.addEventListener("abort", () => reject(new Error(NFC_TIMEOUT_MESSAGE)), { once: true });
    reader.onreadingerror = () => reject(new Error("Failed to read NFC tag"));
    reader.onreading = (event) => {
      for (const record of event.message.records) {
        if ((record.recordType === "url" || record.recordType === "text") && record.data) {
          resolve(new TextDecoder().decode(record.data));
          return;
        }
      }
      reject(new Error(NFC_FOREIGN_TAG_MESSAGE));
    };
  });
}

/** Writes one URL record (a piece's tap link) to the next tag held to the phone. */
export async function writeTapUrl(url: string, signal: AbortSignal): Promise<void> {
  const Writer = (window as unknown as { NDEFReader: new () => NdefWriterLike }).NDEFReader;
  await new Writer().write({ records: [{ recordType: "url", data: url }] }, { signal });
}

/** Reads one tag with the standard time-out; the abort controller lets a screen stop early. */
export async function readTagWithTimeout(controller: AbortController): Promise<string> {
  const timer = setTimeout(() => controller.abort(), NFC_READ_TIMEOUT_MS);
  try {
    return await readTagText(controller.signal);
  } catch (error) {
    if (controller.signal.aborted) throw new Error(NFC_TIMEOUT_MESSAGE);
    throw error instanceof Error ? error : new Error("Unknown error");
  } finally {
    clearTimeout(timer);
  }
}

/** The garment slug a tag's text points at (`…/t/<slug>`), or null when it is no Relevé tap link. */
export function tapSlugOf(text: string): string | null {
  const match = /\/t\/([^/?#\s]+)/.exec(text.trim());
  if (!match?.[1]) return null;
  try {
    return normalizeSlug(decodeURIComponent(match[1]));
  } catch {
    return null;
  }
}
