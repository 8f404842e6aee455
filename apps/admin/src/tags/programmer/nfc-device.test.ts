import { afterEach, describe, expect, it, vi } from "vitest";
import {
  deviceInfo,
  hasWebNfc,
  makeReadOnly,
  NFC_READ_TIMEOUT_MS,
  NfcError,
  type ReadTag,
  readTag,
  tagLinkOf,
  writeUrl,
} from "./nfc-device";

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

type Record = { recordType: string; mediaType?: string | null; data?: DataView | null; encoding?: string | null };
type Behaviour = {
  scan?: () => Promise<void>;
  write?: () => Promise<void>;
  makeReadOnly?: () => Promise<void>;
};

/** A Web NFC reader double, as a phone's would behave: the test holds tags to it. */
class FakeReader extends EventTarget {
  scanSignal: AbortSignal | null = null;
  written: { message: unknown; options: unknown }[] = [];
  lockedWith: unknown[] = [];
  constructor(private readonly behaviour: Behaviour) {
    super();
  }
  scan(options?: { signal?: AbortSignal }) {
    this.scanSignal = options?.signal ?? null;
    return this.behaviour.scan?.() ?? Promise.resolve();
  }
  write(message: unknown, options?: unknown) {
    this.written.push({ message, options });
    return this.behaviour.write?.() ?? Promise.resolve();
  }
  makeReadOnly(options?: unknown) {
    this.lockedWith.push(options);
    return this.behaviour.makeReadOnly?.() ?? Promise.resolve();
  }
  /** A tag comes into range. */
  hold(serialNumber: string, records: Record[] = []) {
    this.dispatchEvent(Object.assign(new Event("reading"), { serialNumber, message: { records } }));
  }
  /** The phone saw a tag it could not read. */
  misread(message?: string) {
    this.dispatchEvent(Object.assign(new Event("readingerror"), message ? { message } : {}));
  }
}

/** Installs `window.NDEFReader`; each reader the code makes is listed. */
function installWebNfc(behaviour: Behaviour = {}): FakeReader[] {
  const readers: FakeReader[] = [];
  vi.stubGlobal("window", {
    NDEFReader: class extends FakeReader {
      constructor() {
        super(behaviour);
        readers.push(this);
      }
    },
  });
  return readers;
}

const bytes = (text: string) => new DataView(new TextEncoder().encode(text).buffer);
const only = (readers: FakeReader[]) => {
  expect(readers).toHaveLength(1);
  return readers[0] as FakeReader;
};
const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error("expected a rejection");
    },
    (error: unknown) => error as NfcError,
  );

describe("Web NFC presence", () => {
  it("is there only when the window has NDEFReader", () => {
    expect(hasWebNfc()).toBe(false);
    vi.stubGlobal("window", {});
    expect(hasWebNfc()).toBe(false);
    installWebNfc();
    expect(hasWebNfc()).toBe(true);
  });

  it("every call refuses with the spec's words where it is missing", async () => {
    for (const call of [readTag(), writeUrl("https://releve.test/t/ab"), makeReadOnly()]) {
      const error = await rejection(call);
      expect(error).toBeInstanceOf(NfcError);
      expect(error.message).toBe("Web NFC not supported");
    }
  });
});

describe("readTag", () => {
  it("answers the serial number and each record, text records decoded, then stops scanning", async () => {
    const readers = installWebNfc();
    const reading = readTag();
    const reader = only(readers);
    reader.hold("04:a2:3b:4c:5d:6e:7f", [
      { recordType: "url", data: bytes("https://releve.test/t/cg-003") },
      { recordType: "text", data: new DataView(new Uint8Array([0x63, 0x61, 0x66, 0xe9]).buffer), encoding: "latin1" },
      { recordType: "mime", mediaType: "application/json", data: bytes('{"a":1}') },
      { recordType: "empty", data: null },
    ]);
    await expect(reading).resolves.toEqual({
      serialNumber: "04:a2:3b:4c:5d:6e:7f",
      records: [
        { recordType: "url", mediaType: null, text: "https://releve.test/t/cg-003", byteLength: 28 },
        { recordType: "text", mediaType: null, text: "café", byteLength: 4 },
        { recordType: "mime", mediaType: "application/json", text: null, byteLength: 7 },
        { recordType: "empty", mediaType: null, text: null, byteLength: 0 },
      ],
    });
    expect(reader.scanSignal?.aborted).toBe(true);
  });

  it("a blank chip with no serial number reads as null and no records", async () => {
    const readers = installWebNfc();
    const reading = readTag();
    only(readers).hold("");
    await expect(reading).resolves.toEqual({ serialNumber: null, records: [] });
  });

  it("a text record in an encoding the browser does not know has no text", async () => {
    const readers = installWebNfc();
    const reading = readTag();
    only(readers).hold("04", [{ recordType: "text", data: bytes("x"), encoding: "klingon-8" }]);
    expect((await reading).records[0]?.text).toBeNull();
  });

  it("a misread fails with the phone's reason when it gives one", async () => {
    let readers = installWebNfc();
    let reading = readTag();
    only(readers).misread("tag lost");
    expect((await rejection(reading)).message).toBe("Failed to read NFC tag: tag lost");
    readers = installWebNfc();
    reading = readTag();
    only(readers).misread();
    expect((await rejection(reading)).message).toBe("Failed to read NFC tag");
  });

  it("gives up after 10 seconds without a tag, and stops scanning", async () => {
    vi.useFakeTimers();
    const readers = installWebNfc();
    const reading = rejection(readTag());
    await vi.advanceTimersByTimeAsync(NFC_READ_TIMEOUT_MS - 1);
    expect(only(readers).scanSignal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await reading).message).toBe("NFC read timeout after 10 seconds");
    expect(only(readers).scanSignal?.aborted).toBe(true);
  });

  it("a tag held after the time-out changes nothing", async () => {
    vi.useFakeTimers();
    const readers = installWebNfc();
    const reading = rejection(readTag());
    await vi.advanceTimersByTimeAsync(NFC_READ_TIMEOUT_MS);
    only(readers).hold("04AABBCCDDEEFF");
    expect((await reading).message).toBe("NFC read timeout after 10 seconds");
  });

  it("Cancel ends the read as an AbortError, which the page ignores", async () => {
    installWebNfc();
    const cancel = new AbortController();
    const reading = rejection(readTag(cancel.signal));
    cancel.abort();
    const error = await reading;
    expect([error.message, error.errorName]).toEqual(["Cancelled.", "AbortError"]);
  });

  it("a scan the browser refuses is explained: unsupported in the spec's words, others with their reason", async () => {
    installWebNfc({ scan: () => Promise.reject(new DOMException("No NFC adapter", "NotSupportedError")) });
    expect(await rejection(readTag())).toMatchObject({
      message: "Web NFC not supported",
      errorName: "NotSupportedError",
    });
    installWebNfc({ scan: () => Promise.reject(new DOMException("Permission denied", "NotAllowedError")) });
    expect(await rejection(readTag())).toMatchObject({
      message: "Failed to read NFC tag: Permission denied",
      errorName: "NotAllowedError",
    });
    installWebNfc({ scan: () => Promise.reject(new DOMException("", "NotReadableError")) });
    expect((await rejection(readTag())).message).toBe("Failed to read NFC tag");
    installWebNfc({ scan: () => Promise.reject("a string") });
    expect((await rejection(readTag())).message).toBe("Unknown error");
  });
});

describe("writeUrl", () => {
  it("writes one URL record to the tag just read, with the scan's signal, and answers its UID", async () => {
    const readers = installWebNfc();
    const writing = writeUrl("https://releve.test/t/ja-7qk2m9xdwe");
    const reader = only(readers);
    reader.hold("04:A2:3B:4C:5D:6E:7F");
    await expect(writing).resolves.toEqual({ uid: "04:A2:3B:4C:5D:6E:7F" });
    expect(reader.written).toEqual([
      {
        message: { records: [{ recordType: "url", data: "https://releve.test/t/ja-7qk2m9xdwe" }] },
        options: { signal: reader.scanSignal },
      },
    ]);
  });

  it("a failed write says so, with the browser's reason", async () => {
    const readers = installWebNfc({ write: () => Promise.reject(new DOMException("Tag moved away", "NetworkError")) });
    const writing = rejection(writeUrl("https://releve.test/t/x"));
    only(readers).hold("04AABBCCDDEEFF");
    expect(await writing).toMatchObject({
      message: "Failed to write NFC tag: Tag moved away",
      errorName: "NetworkError",
    });
  });
});

describe("makeReadOnly", () => {
  it("locks the tag meant, its UID compared without separators or case", async () => {
    const readers = installWebNfc();
    const locking = makeReadOnly(undefined, "04a23b4c5d6e7f");
    const reader = only(readers);
    reader.hold("04:A2:3B:4C:5D:6E:7F");
    await expect(locking).resolves.toEqual({ uid: "04:A2:3B:4C:5D:6E:7F" });
    expect(reader.lockedWith).toHaveLength(1);
  });

  it("refuses another tag before doing anything to it", async () => {
    const readers = installWebNfc();
    const locking = rejection(makeReadOnly(undefined, "04A23B4C5D6E7F"));
    const reader = only(readers);
    reader.hold("04-11-22-33-44-55-66");
    expect((await locking).message).toBe(
      "This is not the tag shown: its UID is 04-11-22-33-44-55-66, not 04A23B4C5D6E7F. Nothing was changed.",
    );
    expect(reader.lockedWith).toEqual([]);
  });

  it("locks whatever tag is held when no UID is expected, and explains a refusal", async () => {
    const readers = installWebNfc({
      makeReadOnly: () => Promise.reject(new DOMException("Read-only", "InvalidStateError")),
    });
    const locking = rejection(makeReadOnly());
    only(readers).hold("04AABBCCDDEEFF");
    expect((await locking).message).toBe("Failed to lock NFC tag: Read-only");
  });
});

describe("tagLinkOf", () => {
  const tag = (...texts: (string | null)[]): ReadTag => ({
    serialNumber: null,
    records: texts.map((text) => ({ recordType: "url", mediaType: null, text, byteLength: 0 })),
  });

  it("is the first record naming a /t/<slug> link", () => {
    expect(tagLinkOf(tag(null, "https://other.test/", "https://releve.test/t/cg-003", "https://releve.test/t/x"))).toBe(
      "https://releve.test/t/cg-003",
    );
    expect(tagLinkOf(tag("/t/mb-001?from=nfc"))).toBe("/t/mb-001?from=nfc");
  });

  it("is null without a slug after /t/", () => {
    expect(tagLinkOf(tag("https://releve.test/t/", "https://releve.test/t/?x", "hello"))).toBeNull();
    expect(tagLinkOf(tag())).toBeNull();
  });
});

describe("deviceInfo", () => {
  it("names the mode, the user agent (300 characters at most) and the platform, Client Hints first", () => {
    vi.stubGlobal("navigator", {
      userAgent: "A".repeat(400),
      platform: "Linux armv8l",
      userAgentData: { platform: "Android" },
    });
    expect(deviceInfo("web-nfc")).toEqual({ mode: "web-nfc", userAgent: "A".repeat(300), platform: "Android" });
    vi.stubGlobal("navigator", { userAgent: "Firefox", platform: "MacIntel" });
    expect(deviceInfo("simulation")).toEqual({ mode: "simulation", userAgent: "Firefox", platform: "MacIntel" });
  });

  it("is only the mode where there is no navigator", () => {
    vi.stubGlobal("navigator", undefined);
    expect(deviceInfo("simulation")).toEqual({ mode: "simulation", userAgent: "", platform: "" });
  });
});
