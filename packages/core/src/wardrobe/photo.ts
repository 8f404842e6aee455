/**
 * Garment photos (issue #19 deliverable 3, decision 0037): the server's check of an uploaded
 * photo. Pure and dependency-free so it runs in Workers and browsers alike. The type is decided
 * by magic bytes only, never by the filename or the declared Content-Type, and the file must be
 * exactly one image of that type: headers read, structure walked to its end, nothing after it.
 */

export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
/** The browser resizes to at most this many pixels per edge (WebP) before uploading. */
export const PHOTO_MAX_EDGE = 1600;
/**
 * The card-size rendition (issue #19, decision 0039): the browser also draws the photo at most
 * this many pixels a side, for the share card and the wardrobe grid (about 300 CSS px wide, so
 * 2x on a phone), and uploads it after the full photo. The server takes at most this edge,
 * PHOTO_CARD_MAX_BYTES, and the full photo's aspect ratio within PHOTO_CARD_ASPECT_TOLERANCE.
 */
export const PHOTO_CARD_EDGE = 640;
export const PHOTO_CARD_MAX_BYTES = 1024 * 1024;
const PHOTO_CARD_ASPECT_TOLERANCE = 0.02;
export const PHOTO_CARD_MESSAGES = {
  no_photo: "Add the garment's photo before its card-size copy.",
  too_large: "The card-size copy must be at most 1 MB.",
  too_wide: `The card-size copy must be at most ${PHOTO_CARD_EDGE} pixels a side.`,
  aspect: "The card-size copy must have the same shape as the garment's photo.",
  changed: "The garment's photo changed meanwhile. Upload its card-size copy again.",
} as const;
export type PhotoCardProblem = keyof typeof PHOTO_CARD_MESSAGES;

/** Whether a rendition of `card` size has the same aspect ratio as a `photo` (within the tolerance). */
export function sameAspect(photo: { width: number; height: number }, card: { width: number; height: number }) {
  const expected = photo.width / photo.height;
  return Math.abs(card.width / card.height - expected) / expected <= PHOTO_CARD_ASPECT_TOLERANCE;
}
/**
 * What the server still accepts per edge (an admin or a client without the resize may send a
 * larger file). Beyond this, or beyond PHOTO_MAX_PIXELS in total, the image is a decompression
 * bomb for the visitor's phone rather than a photo.
 */
export const PHOTO_MAX_DIMENSION = 16384;
const PHOTO_MAX_PIXELS = 50_000_000;
export const PHOTO_TYPES = ["image/webp", "image/png", "image/jpeg"] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];

export type PhotoProblem = "empty" | "too_large" | "unsupported_type" | "malformed" | "bad_dimensions" | "polyglot";

export const PHOTO_MESSAGES: Record<PhotoProblem, string> = {
  empty: "This file is empty. Choose a photo to upload.",
  too_large: "A photo is at most 5 MB.",
  unsupported_type: "Choose a JPEG, PNG or WebP image.",
  malformed: "This file is not a readable image.",
  bad_dimensions: "This image's size in pixels is not usable: 1 to 16384 pixels a side, 50 megapixels at most.",
  polyglot: "This file holds more than an image. Save it again as a plain JPEG, PNG or WebP image.",
};

export type PhotoInspection =
  | { ok: true; type: PhotoType; width: number; height: number }
  | { ok: false; reason: PhotoProblem };

export function isPhotoType(value: string): value is PhotoType {
  return (PHOTO_TYPES as readonly string[]).includes(value);
}

type Parsed = { ok: true; width: number; height: number } | { ok: false; reason: PhotoProblem };

const fail = (reason: PhotoProblem) => ({ ok: false, reason }) as const;

// Byte readers that stay within the array: an index past the end reads as 0, and every parser
// checks its bounds before trusting a field, so a lying length can never read out of range.
const at = (b: Uint8Array, i: number) => b[i] ?? 0;
const u16be = (b: Uint8Array, i: number) => (at(b, i) << 8) | at(b, i + 1);
const u32be = (b: Uint8Array, i: number) =>
  at(b, i) * 0x1000000 + ((at(b, i + 1) << 16) | (at(b, i + 2) << 8) | at(b, i + 3));
const u16le = (b: Uint8Array, i: number) => at(b, i) | (at(b, i + 1) << 8);
const u24le = (b: Uint8Array, i: number) => at(b, i) | (at(b, i + 1) << 8) | (at(b, i + 2) << 16);
const u32le = (b: Uint8Array, i: number) => u24le(b, i) + at(b, i + 3) * 0x1000000;
/** A four-character code (PNG chunk type, RIFF chunk id) as the number its bytes read big-endian. */
const fourcc = (code: string) =>
  code.charCodeAt(0) * 0x1000000 + ((code.charCodeAt(1) << 16) | (code.charCodeAt(2) << 8) | code.charCodeAt(3));
const isLetter = (c: number) => (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];
const RIFF = [0x52, 0x49, 0x46, 0x46];
const WEBP = [0x57, 0x45, 0x42, 0x50];

/** "match" when the signature is there, "prefix" when the file stops inside it. */
function signature(b: Uint8Array, sig: readonly number[], offset = 0): "match" | "prefix" | "no" {
  for (let k = 0; k < sig.length; k++) {
    if (offset + k >= b.length) return "prefix";
    if (b[offset + k] !== sig[k]) return "no";
  }
  return "match";
}

function sniff(b: Uint8Array): PhotoType | "truncated" | null {
  const png = signature(b, PNG_SIGNATURE);
  if (png === "match") return "image/png";
  const jpeg = signature(b, JPEG_SIGNATURE);
  if (jpeg === "match") return "image/jpeg";
  const riff = signature(b, RIFF);
  if (riff === "match") {
    const webp = signature(b, WEBP, 8);
    if (webp === "match") return "image/webp";
    if (webp === "prefix" && b.length < 12) return "truncated";
    return null;
  }
  // A file that stops inside a signature is a truncated image, not another type.
  if (png === "prefix" || jpeg === "prefix" || riff === "prefix") return "truncated";
  return null;
}

/*
 * Markup in the head of the file makes it a polyglot, whatever its structure. A stored photo is
 * served from our own origin; a lenient sniffer (old browsers, some proxies and download tools,
 * the page a user opens with "view image") that ignores the Content-Type and finds HTML, SVG or
 * PHP there could run it as markup in our origin. Only the first 1 KB is searched, where sniffers
 * look: over a whole 5 MB compressed image, short patterns like "<svg" would turn up by chance.
 */
const MARKUP_WINDOW = 1024;
const MARKUP = ["<script", "<html", "<svg", "<?php", "<!doctype", "<body", "<iframe"].map((m) =>
  Array.from(m, (c) => c.charCodeAt(0)),
);

function hasMarkup(b: Uint8Array): boolean {
  const end = Math.min(b.length, MARKUP_WINDOW);
  for (let i = 0; i < end; i++) {
    if (b[i] !== 0x3c) continue;
    for (const pattern of MARKUP) {
      let k = 1;
      for (; k < pattern.length; k++) {
        const c = at(b, i + k);
        const lower = c >= 0x41 && c <= 0x5a ? c + 0x20 : c;
        if (lower !== pattern[k]) break;
      }
      if (k === pattern.length) return true;
    }
  }
  return false;
}

function dimensions(width: number, height: number): Parsed {
  if (width < 1 || height < 1 || width > PHOTO_MAX_DIMENSION || height > PHOTO_MAX_DIMENSION) {
    return fail("bad_dimensions");
  }
  if (width * height > PHOTO_MAX_PIXELS) return fail("bad_dimensions");
  return { ok: true, width, height };
}

// PNG (ISO/IEC 15948, W3C PNG 3rd ed.): signature, IHDR first, chunks walked to IEND, which must
// be the last byte. CRCs are not checked: the chunk lengths staying in bounds is what matters here.
const PNG_BIT_DEPTHS: Record<number, number[]> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};

const IHDR = fourcc("IHDR");
const PLTE = fourcc("PLTE");
const IDAT = fourcc("IDAT");
const IEND = fourcc("IEND");

function parsePng(b: Uint8Array): Parsed {
  let pos = 8;
  let width = 0;
  let height = 0;
  let sawIdat = false;
  let colour = 0;
  let sawPlte = false;
  let first = true;
  while (pos + 12 <= b.length) {
    const length = u32be(b, pos);
    const type = u32be(b, pos + 4);
    const letters = isLetter(at(b, pos + 4)) && isLetter(at(b, pos + 5)) && isLetter(at(b, pos + 6));
    if (length > 0x7fffffff || !letters || !isLetter(at(b, pos + 7))) return fail("malformed");
    const end = pos + 12 + length;
    if (end > b.length) return fail("malformed");
    if (first) {
      if (type !== IHDR || length !== 13) return fail("malformed");
      width = u32be(b, pos + 8);
      height = u32be(b, pos + 12);
      const depth = at(b, pos + 16);
      colour = at(b, pos + 17);
      if (!PNG_BIT_DEPTHS[colour]?.includes(depth)) return fail("malformed");
      if (at(b, pos + 18) !== 0 || at(b, pos + 19) !== 0 || at(b, pos + 20) > 1) return fail("malformed");
      first = false;
    } else if (type === IHDR) {
      return fail("malformed");
    } else if (type === PLTE) {
      sawPlte = true;
    } else if (type === IDAT) {
      sawIdat = true;
    } else if (type === IEND) {
      if (length !== 0 || !sawIdat) return fail("malformed");
      if (colour === 3 && !sawPlte) return fail("malformed");
      if (end !== b.length) return fail("polyglot");
      return dimensions(width, height);
    }
    pos = end;
  }
  return fail("malformed");
}

// JPEG (ITU T.81): SOI, marker segments (APPn, COM, DQT, DHT, SOFn, ...) skipped by their
// lengths, the frame size read from the SOFn, and after each SOS the entropy-coded data scanned
// for the next marker: inside it 0xFF only appears stuffed as FF00, as a restart marker RST0-7,
// or as fill before a marker. The image ends at the EOI, which must be the file's last two bytes.
const isSof = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;

function parseJpeg(b: Uint8Array): Parsed {
  let pos = 2;
  let width = 0;
  let height = 0;
  let sawSof = false;
  let sawSos = false;
  while (pos < b.length) {
    if (b[pos] !== 0xff) return fail("malformed");
    while (b[pos] === 0xff) pos++; // fill bytes before a marker
    if (pos >= b.length) return fail("malformed");
    const marker = at(b, pos);
    const segment = pos + 1;
    if (marker === 0xd9) {
      if (!sawSos) return fail("malformed");
      if (segment !== b.length) return fail("polyglot");
      return dimensions(width, height);
    }
    if (marker === 0x00 || marker === 0x01 || marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7)) {
      return fail("malformed");
    }
    if (segment + 2 > b.length) return fail("malformed");
    const length = u16be(b, segment);
    const end = segment + length;
    if (length < 2 || end > b.length) return fail("malformed");
    if (isSof(marker)) {
      const components = at(b, segment + 7);
      if (sawSof || length < 8 || length !== 8 + 3 * components) return fail("malformed");
      height = u16be(b, segment + 3);
      width = u16be(b, segment + 5);
      sawSof = true;
    } else if (marker === 0xda) {
      if (!sawSof) return fail("malformed");
      sawSos = true;
      pos = endOfEntropyData(b, end);
      if (pos < 0) return fail("malformed");
      continue;
    }
    pos = end;
  }
  return fail("malformed");
}

/**
 * The index of the 0xFF that starts the marker ending a scan (fill bytes before it included: the
 * segment walk skips them), or -1 when the data runs out.
 */
function endOfEntropyData(b: Uint8Array, from: number): number {
  const last = b.length - 1;
  for (let i = from; i < last; i++) {
    if (b[i] !== 0xff) continue;
    const next = b[i + 1] ?? 0;
    if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) {
      i++;
      continue;
    }
    return i;
  }
  return -1;
}

// WebP (RFC 9649): RIFF header whose size covers exactly the file, then chunks padded to even
// lengths. Simple files hold one VP8 (lossy) or VP8L (lossless) chunk; extended files start with
// VP8X, whose canvas size must match the one bitstream of a still image (as libwebp requires).
function vp8Size(b: Uint8Array, data: number, size: number): { width: number; height: number } | null {
  if (size < 10) return null;
  const tag = at(b, data);
  const keyFrame = (tag & 1) === 0;
  const shown = (tag & 0x10) !== 0;
  if (!keyFrame || !shown || ((tag >> 1) & 7) > 3) return null;
  if (at(b, data + 3) !== 0x9d || at(b, data + 4) !== 0x01 || at(b, data + 5) !== 0x2a) return null;
  return { width: u16le(b, data + 6) & 0x3fff, height: u16le(b, data + 8) & 0x3fff };
}

function vp8lSize(b: Uint8Array, data: number, size: number): { width: number; height: number } | null {
  if (size < 5 || at(b, data) !== 0x2f) return null;
  const bits = u32le(b, data + 1);
  if (bits >>> 29 !== 0) return null; // version must be 0
  return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
}

const VP8 = fourcc("VP8 ");
const VP8L = fourcc("VP8L");
const VP8X = fourcc("VP8X");
const ANMF = fourcc("ANMF");

function bitstreamSize(b: Uint8Array, id: number, data: number, size: number) {
  return id === VP8 ? vp8Size(b, data, size) : vp8lSize(b, data, size);
}

function parseWebp(b: Uint8Array): Parsed {
  const riffEnd = u32le(b, 4) + 8;
  if (riffEnd > b.length) return fail("malformed");
  if (riffEnd < b.length) return fail("polyglot");
  let head = -1;
  let image = -1;
  let images = 0;
  let frames = 0;
  for (let pos = 12; pos < b.length; ) {
    if (pos + 8 > b.length) return fail("malformed");
    const size = u32le(b, pos + 4);
    const end = pos + 8 + size + (size & 1);
    if (end > b.length) return fail("malformed");
    const id = u32be(b, pos);
    if (head < 0) head = pos;
    else if (id === VP8 || id === VP8L) {
      if (images++ === 0) image = pos;
    } else if (id === ANMF) frames++;
    pos = end;
  }
  if (head < 0) return fail("malformed");
  const headId = u32be(b, head);
  if (headId === VP8 || headId === VP8L) {
    if (head + 8 + u32le(b, head + 4) + (u32le(b, head + 4) & 1) !== b.length) return fail("polyglot");
    const size = bitstreamSize(b, headId, head + 8, u32le(b, head + 4));
    return size ? dimensions(size.width, size.height) : fail("malformed");
  }
  if (headId !== VP8X || u32le(b, head + 4) < 10) return fail("malformed");
  const flags = at(b, head + 8);
  const canvasWidth = u24le(b, head + 12) + 1;
  const canvasHeight = u24le(b, head + 15) + 1;
  if ((flags & 0x02) !== 0) {
    // Animated: the frames carry the bitstreams, the canvas gives the size.
    if (images > 0 || frames === 0) return fail("malformed");
    return dimensions(canvasWidth, canvasHeight);
  }
  if (image < 0 || frames > 0) return fail("malformed");
  if (images > 1) return fail("polyglot");
  const size = bitstreamSize(b, u32be(b, image), image + 8, u32le(b, image + 4));
  if (!size) return fail("malformed");
  if (size.width !== canvasWidth || size.height !== canvasHeight) return fail("malformed");
  return dimensions(canvasWidth, canvasHeight);
}

/**
 * Decides whether `bytes` is one acceptable photo and reads its pixel size. The size limit is
 * checked first, so an oversized upload is refused without being read.
 */
export function inspectPhoto(bytes: Uint8Array): PhotoInspection {
  if (bytes.length === 0) return fail("empty");
  if (bytes.length > PHOTO_MAX_BYTES) return fail("too_large");
  const type = sniff(bytes);
  if (type === "truncated") return fail("malformed");
  if (type === null) return fail("unsupported_type");
  if (hasMarkup(bytes)) return fail("polyglot");
  const parsed = type === "image/png" ? parsePng(bytes) : type === "image/jpeg" ? parseJpeg(bytes) : parseWebp(bytes);
  return parsed.ok ? { ok: true, type, width: parsed.width, height: parsed.height } : parsed;
}

/** The file extension a stored photo's key ends with, by its checked type. */
const PHOTO_EXTENSIONS: Record<PhotoType, string> = {
  "image/webp": "webp",
  "image/png": "png",
  "image/jpeg": "jpg",
};

/** A stored photo's key: 128 random bits as 32 lowercase hex digits, then the type's extension. */
const PHOTO_KEY = /^[0-9a-f]{32}\.(webp|png|jpg)$/;

/**
 * A new, unguessable key for a photo of this type (the R2 object's name and its URL's last
 * segment). Never derived from the garment or its owner: the URL tells nothing, and a replaced
 * photo's old URL stays dead once its object is deleted.
 */
export function newPhotoKey(type: PhotoType): string {
  const bits = crypto.getRandomValues(new Uint8Array(16));
  const hex = Array.from(bits, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex}.${PHOTO_EXTENSIONS[type]}`;
}

/** The type a well-formed key stands for, or null for anything that is not one of our keys. */
export function photoKeyType(key: string): PhotoType | null {
  const extension = PHOTO_KEY.exec(key)?.[1];
  if (!extension) return null;
  return (Object.keys(PHOTO_EXTENSIONS) as PhotoType[]).find((type) => PHOTO_EXTENSIONS[type] === extension) ?? null;
}

export const isPhotoKey = (key: string) => photoKeyType(key) !== null;

/** Where a stored photo is served (the shell's GET /photos/:key). */
export function photoUrl(key: string): string {
  return `/photos/${key}`;
}

/** A garment's photo as the API answers it. */
export type GarmentPhoto = {
  url: string;
  /** The card-size rendition's URL; null when none was uploaded (the card then shows `url`). */
  cardUrl: string | null;
  width: number;
  height: number;
  public: boolean;
};
