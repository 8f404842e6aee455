import { deflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  JPEG_1X1,
  JPEG_37X21,
  PHOTO_SAMPLES,
  type PhotoSample,
  PNG_37X21,
  sampleBytes,
  WEBP_EXTENDED_37X21,
  WEBP_LOSSY_37X21,
} from "../fixtures/photos/samples";
import {
  inspectPhoto,
  isPhotoKey,
  isPhotoType,
  newPhotoKey,
  PHOTO_MAX_BYTES,
  PHOTO_MAX_DIMENSION,
  PHOTO_MESSAGES,
  PHOTO_TYPES,
  type PhotoProblem,
  photoKeyType,
  photoUrl,
} from "./photo";

const text = (s: string) => new TextEncoder().encode(s);
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};
const refused = (bytes: Uint8Array) => {
  const result = inspectPhoto(bytes);
  return result.ok ? "accepted" : result.reason;
};

// A PNG writer (signature, IHDR, tEXt, IDAT, IEND with real CRCs), so sizes and chunks can vary.
// The same writer's 1x1 and 37x21 output (other pixel values) was decoded by Chromium to those
// sizes when the samples were made.
function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(text(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}
function png(width: number, height: number, extra: Uint8Array[] = []): Uint8Array {
  const ihdr = new Uint8Array(13);
  const view = new DataView(ihdr.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  // Real pixel rows (filter byte 0, then grey RGB) for sane sizes; the absurd-size cases are
  // about the header, so they carry one dummy row instead of gigabytes.
  const sane = width * height <= 1_000_000;
  const rowLength = 1 + 3 * (sane ? width : 1);
  const raw = new Uint8Array((sane ? height : 1) * rowLength).fill(0x80);
  for (let offset = 0; offset < raw.length; offset += rowLength) raw[offset] = 0;
  return concat(
    Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    ...extra,
    chunk("IDAT", new Uint8Array(deflateSync(raw))),
    chunk("IEND", new Uint8Array()),
  );
}

describe("accepted photos", () => {
  it.each(Object.entries(PHOTO_SAMPLES))("%s: its type, width and height", (_name, sample: PhotoSample) => {
    expect(inspectPhoto(sampleBytes(sample))).toEqual({
      ok: true,
      type: sample.type,
      width: sample.width,
      height: sample.height,
    });
  });

  it("reads a written PNG's size, 1x1 and 37x21", () => {
    expect(inspectPhoto(png(1, 1))).toEqual({ ok: true, type: "image/png", width: 1, height: 1 });
    expect(inspectPhoto(png(37, 21))).toEqual({ ok: true, type: "image/png", width: 37, height: 21 });
  });

  it("writes the same CRCs as a real encoder (so the written PNGs are valid)", () => {
    const real = sampleBytes(PNG_37X21);
    const ihdr = real.subarray(12, 29);
    const stored = new DataView(real.buffer, real.byteOffset).getUint32(29);
    expect(crc32(ihdr)).toBe(stored);
  });

  it("keeps the edge limits the browser resize and the server agree on", () => {
    expect(PHOTO_MAX_BYTES).toBe(5 * 1024 * 1024);
    expect(PHOTO_MAX_DIMENSION).toBe(16384);
    expect(isPhotoType("image/webp")).toBe(true);
    expect(isPhotoType("image/gif")).toBe(false);
  });
});

describe("what is not a photo", () => {
  it("refuses an empty file", () => {
    expect(refused(new Uint8Array())).toBe("empty");
  });

  it.each([
    ["a renamed text file", text("Just some notes about my jacket.\n")],
    ["an HTML page", text("<!DOCTYPE html><html><body><script>alert(1)</script></body></html>")],
    ["an SVG", text('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect/></svg>')],
    ["an SVG behind an XML declaration", text('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>')],
    ["a GIF", Uint8Array.from([...text("GIF89a"), 1, 0, 1, 0, 0x80, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0x3b])],
    ["a RIFF that is not WebP (WAV)", concat(text("RIFF"), Uint8Array.from([4, 0, 0, 0]), text("WAVE"))],
    ["a PDF", text("%PDF-1.7\n%EOF\n")],
  ])("refuses %s as unsupported_type", (_name, bytes) => {
    expect(refused(bytes)).toBe("unsupported_type");
  });

  it("decides by magic bytes alone", () => {
    // Only the signature counts: a text file that names a format is not that format, and a
    // signature with nothing valid behind it is a broken image, not an accepted one.
    expect(refused(text("PNG image, honestly: \x89PNG"))).toBe("unsupported_type");
    expect(refused(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe("malformed");
    expect(refused(concat(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), text("hello")))).toBe(
      "malformed",
    );
  });

  it("refuses a 6 MB file with a PNG header as too_large without reading its bytes", () => {
    const big = new Uint8Array(6 * 1024 * 1024);
    big.set(png(1, 1));
    let reads = 0;
    const counted = new Proxy(big, {
      get(target, key) {
        if (typeof key === "string" && /^\d+$/.test(key)) reads++;
        const value = Reflect.get(target, key, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    expect(refused(counted)).toBe("too_large");
    expect(reads).toBe(0);
    expect(refused(big.subarray(0, PHOTO_MAX_BYTES + 1))).toBe("too_large");
  });
});

describe("truncated and malformed files", () => {
  const samples = [
    png(37, 21),
    sampleBytes(JPEG_37X21),
    sampleBytes(WEBP_LOSSY_37X21),
    sampleBytes(WEBP_EXTENDED_37X21),
  ];

  it.each(samples.map((s, i) => [i, s] as const))("refuses sample %i cut at any point", (_i, bytes) => {
    for (const cut of [1, 3, 7, 12, 20, 33, Math.floor(bytes.length / 2), bytes.length - 2, bytes.length - 1]) {
      expect(refused(bytes.subarray(0, cut)), `cut at ${cut}`).toBe("malformed");
    }
  });

  it("refuses a PNG whose chunk length runs past the end", () => {
    const bytes = png(37, 21);
    new DataView(bytes.buffer).setUint32(33, 0x00ffffff); // the IDAT chunk's length, after IHDR
    expect(refused(bytes)).toBe("malformed");
  });

  it("refuses a PNG without IHDR first, without IDAT, or with a bad bit depth", () => {
    const good = png(2, 2);
    const noIhdr = concat(good.subarray(0, 8), good.subarray(33));
    expect(refused(noIhdr)).toBe("malformed");
    const noIdat = concat(good.subarray(0, 33), chunk("IEND", new Uint8Array()));
    expect(refused(noIdat)).toBe("malformed");
    const badDepth = good.slice();
    badDepth[24] = 3;
    expect(refused(badDepth)).toBe("malformed");
  });

  it("refuses a PNG chunk whose type is not four letters", () => {
    const bytes = png(37, 21, [chunk("tEXt", text("Comment\0a red jacket"))]);
    bytes[37] = 0x00; // the first letter of "tEXt"
    expect(refused(bytes)).toBe("malformed");
  });

  it("refuses a JPEG with no frame header before its scan, or two frame headers", () => {
    const jpeg = sampleBytes(JPEG_1X1);
    const sof = findMarker(jpeg, 0xc0);
    const sofLength = (jpeg[sof + 2] ?? 0) * 256 + (jpeg[sof + 3] ?? 0) + 2;
    expect(refused(concat(jpeg.subarray(0, sof), jpeg.subarray(sof + sofLength)))).toBe("malformed");
    const twice = concat(
      jpeg.subarray(0, sof + sofLength),
      jpeg.subarray(sof, sof + sofLength),
      jpeg.subarray(sof + sofLength),
    );
    expect(refused(twice)).toBe("malformed");
  });

  it("refuses a palette PNG without its PLTE chunk", () => {
    const bytes = png(2, 2);
    bytes[25] = 3; // colour type: indexed, bit depth 8 stays valid
    expect(refused(bytes)).toBe("malformed");
  });

  it("refuses a VP8 chunk that is not a shown key frame", () => {
    const bytes = sampleBytes(WEBP_LOSSY_37X21);
    bytes[20] = (bytes[20] ?? 0) | 1; // frame tag: interframe
    expect(refused(bytes)).toBe("malformed");
  });

  it("reads a VP8 size without its two scaling bits", () => {
    const bytes = sampleBytes(WEBP_LOSSY_37X21);
    bytes[27] = (bytes[27] ?? 0) | 0x40; // horizontal scale 1, width still 37
    expect(inspectPhoto(bytes)).toMatchObject({ ok: true, width: 37, height: 21 });
  });

  it("refuses a WebP whose VP8X canvas disagrees with its bitstream", () => {
    const bytes = sampleBytes(WEBP_EXTENDED_37X21);
    bytes[24] = 99; // canvas width - 1, low byte
    expect(refused(bytes)).toBe("malformed");
  });
});

describe("absurd dimensions", () => {
  it.each([
    [0, 0],
    [0, 21],
    [37, 0],
    [20000, 20000],
    [PHOTO_MAX_DIMENSION + 1, 1],
    [10000, 10000], // under the edge limit, over the pixel limit: a decompression bomb
  ])("refuses a PNG whose IHDR says %ix%i", (width, height) => {
    expect(refused(png(width, height))).toBe("bad_dimensions");
  });

  it("accepts the largest edge", () => {
    expect(inspectPhoto(png(PHOTO_MAX_DIMENSION, 1))).toMatchObject({
      ok: true,
      width: PHOTO_MAX_DIMENSION,
      height: 1,
    });
  });

  it("refuses a JPEG whose frame header says 0 lines", () => {
    const jpeg = sampleBytes(JPEG_37X21);
    const sof = findMarker(jpeg, 0xc0);
    jpeg[sof + 5] = 0;
    jpeg[sof + 6] = 0;
    expect(refused(jpeg)).toBe("bad_dimensions");
  });
});

describe("polyglots", () => {
  const zipEnd = Uint8Array.from([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)]);

  it("refuses a PNG with a ZIP or an HTML page appended", () => {
    expect(refused(concat(png(37, 21), zipEnd))).toBe("polyglot");
    expect(refused(concat(png(37, 21), text("<html><script>alert(1)</script></html>")))).toBe("polyglot");
    expect(refused(concat(png(37, 21), new Uint8Array(1)))).toBe("polyglot");
  });

  it("refuses a PNG with <script> in a tEXt chunk", () => {
    const note = chunk("tEXt", text("Comment\0<SCRIPT>alert(document.cookie)</SCRIPT>"));
    expect(refused(png(37, 21, [note]))).toBe("polyglot");
    const harmless = chunk("tEXt", text("Comment\0a red jacket"));
    expect(inspectPhoto(png(37, 21, [harmless]))).toMatchObject({ ok: true, width: 37, height: 21 });
  });

  it.each(["<?php system($_GET['c']); ?>", "<!doctype html>", "<svg onload=alert(1)>", "<HTML>"])(
    "refuses a JPEG with %s in a comment segment",
    (markup) => {
      const jpeg = sampleBytes(JPEG_1X1);
      const body = text(markup);
      const com = concat(Uint8Array.from([0xff, 0xfe, 0, body.length + 2]), body);
      expect(refused(concat(jpeg.subarray(0, 2), com, jpeg.subarray(2)))).toBe("polyglot");
    },
  );

  it("refuses a JPEG with data after its EOI, even another JPEG", () => {
    const jpeg = sampleBytes(JPEG_37X21);
    expect(refused(concat(jpeg, text("trailing")))).toBe("polyglot");
    expect(refused(concat(jpeg, zipEnd))).toBe("polyglot");
    expect(refused(concat(jpeg, sampleBytes(JPEG_1X1)))).toBe("polyglot");
    expect(refused(concat(jpeg, Uint8Array.from([0xff, 0xd9])))).toBe("polyglot");
  });

  it("finds the EOI only where a marker can be: stuffed FF00 and RSTn in the scan are data", () => {
    const jpeg = sampleBytes(JPEG_1X1);
    const eoi = jpeg.length - 2;
    // Entropy bytes with a stuffed FF00, a restart marker and fill bytes before the EOI: still one image.
    const scan = Uint8Array.from([0x12, 0xff, 0x00, 0x34, 0xff, 0xd3, 0x56, 0xff, 0xff]);
    expect(inspectPhoto(concat(jpeg.subarray(0, eoi), scan, jpeg.subarray(eoi)))).toMatchObject({ ok: true });
    // An EOI hidden in the scan ends the image there, and what follows is extra.
    const early = concat(jpeg.subarray(0, eoi), Uint8Array.from([0xff, 0xd9, 0x00]), jpeg.subarray(eoi));
    expect(refused(early)).toBe("polyglot");
  });

  it("walks marker segments between scans, as in a progressive JPEG", () => {
    const jpeg = sampleBytes(JPEG_1X1);
    const sos = findMarker(jpeg, 0xda);
    const eoi = jpeg.length - 2;
    const comment = concat(Uint8Array.from([0xff, 0xfe, 0, 6]), text("scan"));
    // A second scan after a segment: the structure of a progressive file.
    const twoScans = concat(jpeg.subarray(0, eoi), comment, jpeg.subarray(sos, eoi), jpeg.subarray(eoi));
    expect(inspectPhoto(twoScans)).toMatchObject({ ok: true, width: 1, height: 1 });
  });

  it("refuses a WebP whose RIFF size lies", () => {
    const bytes = sampleBytes(WEBP_LOSSY_37X21);
    const view = new DataView(bytes.buffer);
    const size = view.getUint32(4, true);
    view.setUint32(4, size - 2, true);
    expect(refused(bytes)).toBe("polyglot");
    view.setUint32(4, size + 2, true);
    expect(refused(bytes)).toBe("malformed");
    view.setUint32(4, size, true);
    expect(refused(concat(bytes, text("<html>")))).toBe("polyglot");
  });

  it("refuses a simple WebP with a second chunk, even with an honest RIFF size", () => {
    const bytes = sampleBytes(WEBP_LOSSY_37X21);
    const extra = concat(text("ZIPX"), Uint8Array.from([4, 0, 0, 0]), text("PK\x05\x06"));
    const joined = concat(bytes, extra);
    new DataView(joined.buffer).setUint32(4, joined.length - 8, true);
    expect(refused(joined)).toBe("polyglot");
  });

  it("only looks for markup in the first 1 KB, where sniffers look", () => {
    const late = chunk("tEXt", text(`Comment\0${"x".repeat(1100)}<svg>`));
    expect(inspectPhoto(png(37, 21, [late]))).toMatchObject({ ok: true });
  });
});

describe("messages", () => {
  it("has a specific message for every problem", () => {
    const problems: PhotoProblem[] = [
      "empty",
      "too_large",
      "unsupported_type",
      "malformed",
      "bad_dimensions",
      "polyglot",
    ];
    for (const p of problems) expect(PHOTO_MESSAGES[p].length).toBeGreaterThan(10);
    expect(new Set(Object.values(PHOTO_MESSAGES)).size).toBe(problems.length);
    expect(PHOTO_MESSAGES.unsupported_type).toBe("Choose a JPEG, PNG or WebP image.");
    expect(PHOTO_MESSAGES.too_large).toBe("A photo is at most 5 MB.");
    expect(PHOTO_MESSAGES.malformed).toBe("This file is not a readable image.");
  });
});

/** The index of the first 0xFF `marker` segment, walking from SOI. */
function findMarker(jpeg: Uint8Array, marker: number): number {
  let pos = 2;
  while (pos < jpeg.length) {
    if (jpeg[pos + 1] === marker) return pos;
    pos += 2 + (jpeg[pos + 2] ?? 0) * 256 + (jpeg[pos + 3] ?? 0);
  }
  throw new Error(`marker ${marker.toString(16)} not found`);
}

describe("photo keys", () => {
  it("are 128 random bits in hex with the type's extension, new every time", () => {
    const keys = PHOTO_TYPES.map((type) => newPhotoKey(type));
    expect(keys.map((k) => k.slice(33))).toEqual(["webp", "png", "jpg"]);
    for (const [i, key] of keys.entries()) {
      expect(key).toMatch(/^[0-9a-f]{32}\.(webp|png|jpg)$/);
      expect(photoKeyType(key)).toBe(PHOTO_TYPES[i]);
    }
    expect(new Set(Array.from({ length: 1000 }, () => newPhotoKey("image/webp"))).size).toBe(1000);
    expect(photoUrl(keys[0] as string)).toBe(`/photos/${keys[0]}`);
  });

  it("refuse anything the key maker does not make", () => {
    for (const key of [
      "",
      `${"a".repeat(32)}`,
      `${"a".repeat(31)}.jpg`,
      `${"a".repeat(33)}.jpg`,
      `${"A".repeat(32)}.jpg`,
      `${"g".repeat(32)}.jpg`,
      `${"a".repeat(32)}.jpeg`,
      `${"a".repeat(32)}.svg`,
      `${"a".repeat(32)}.jpg.html`,
      `../${"a".repeat(32)}.jpg`,
      `${"a".repeat(32)}.jpg\n`,
      `${"a".repeat(32)}.JPG`,
    ]) {
      expect(isPhotoKey(key), key).toBe(false);
      expect(photoKeyType(key)).toBeNull();
    }
  });
});
