import {
  PHOTO_CARD_EDGE,
  PHOTO_CARD_MAX_BYTES,
  PHOTO_MAX_BYTES,
  PHOTO_MAX_EDGE,
  PHOTO_MESSAGES,
  type PhotoProblem,
} from "./photo";

/**
 * The browser half of a garment photo's upload (issue #19): the chosen file is decoded and
 * drawn again at most PHOTO_MAX_EDGE pixels a side, then encoded as WebP. Only pixels survive
 * a canvas, so EXIF (the camera's location included) is gone before anything leaves the phone.
 * A browser that cannot encode WebP (older Safari hands back PNG) gets JPEG instead, which the
 * server also takes. Browser only: it needs createImageBitmap and a canvas.
 */
type Rendition = { blob: Blob; width: number; height: number };

/** Why a photo could not be prepared: one of the server's reasons, or a browser that cannot draw it. */
export type ResizeProblem = Extract<PhotoProblem, "empty" | "malformed" | "too_large"> | "browser";

const BROWSER_CANNOT = "This browser cannot prepare photos. Try another browser.";

/** A refused resize: its `reason` to say it in the reader's language, its message in English. */
export class PhotoResizeError extends Error {
  constructor(readonly reason: ResizeProblem) {
    super(reason === "browser" ? BROWSER_CANNOT : PHOTO_MESSAGES[reason]);
    this.name = "PhotoResizeError";
  }
}
/** The photo, and its card-size rendition (at most PHOTO_CARD_EDGE a side) drawn from the same bitmap. */
export type ResizedPhoto = Rendition & { card: Rendition };

const QUALITY = 0.85;
/** The card rendition is small on screen; a lower quality keeps it light (issue #19, decision 0039). */
const CARD_QUALITY = 0.8;

/** The size a photo is drawn at: its own if it fits, otherwise scaled so its longer side is `maxEdge`. */
export function fitWithin(width: number, height: number, maxEdge = PHOTO_MAX_EDGE): { width: number; height: number } {
  const scale = Math.min(1, maxEdge / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

function canvasOf(width: number, height: number) {
  if (typeof OffscreenCanvas !== "undefined") return new OffscreenCanvas(width, height);
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

async function encode(
  canvas: OffscreenCanvas | HTMLCanvasElement,
  type: string,
  quality: number,
): Promise<Blob | null> {
  if ("convertToBlob" in canvas) return canvas.convertToBlob({ type, quality }).catch(() => null);
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}

/** Draws `bitmap` at most `maxEdge` a side and encodes it as WebP (JPEG where WebP cannot be encoded). */
async function render(bitmap: ImageBitmap, maxEdge: number, quality: number): Promise<Rendition> {
  const size = fitWithin(bitmap.width, bitmap.height, maxEdge);
  const canvas = canvasOf(size.width, size.height);
  const context = canvas.getContext("2d") as OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null;
  if (!context) throw new PhotoResizeError("browser");
  context.imageSmoothingQuality = "high";
  context.drawImage(bitmap, 0, 0, size.width, size.height);
  let blob = await encode(canvas, "image/webp", quality);
  if (blob?.type !== "image/webp") blob = await encode(canvas, "image/jpeg", quality);
  if (!blob) throw new PhotoResizeError("browser");
  return { blob, ...size };
}

/** Decodes, scales and re-encodes `file`; throws a PhotoResizeError (its message in English, its reason a code). */
export async function resizePhoto(file: Blob, maxEdge = PHOTO_MAX_EDGE): Promise<ResizedPhoto> {
  if (file.size === 0) throw new PhotoResizeError("empty");
  let bitmap: ImageBitmap;
  try {
    // The camera's rotation is applied to the pixels, since the EXIF that carried it is dropped.
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    throw new PhotoResizeError("malformed");
  }
  try {
    const photo = await render(bitmap, maxEdge, QUALITY);
    if (photo.blob.size > PHOTO_MAX_BYTES) throw new PhotoResizeError("too_large");
    const card = await render(bitmap, Math.min(maxEdge, PHOTO_CARD_EDGE), CARD_QUALITY);
    if (card.blob.size > PHOTO_CARD_MAX_BYTES) throw new PhotoResizeError("too_large");
    return { ...photo, card };
  } finally {
    bitmap.close();
  }
}
