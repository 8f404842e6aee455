import { describe, expect, it } from "vitest";
import { PHOTO_CARD_EDGE, PHOTO_MAX_EDGE, sameAspect } from "./photo";
import { fitWithin } from "./photo-resize";

describe("fitWithin", () => {
  it("keeps a photo that already fits", () => {
    expect(fitWithin(1200, 900)).toEqual({ width: 1200, height: 900 });
    expect(fitWithin(PHOTO_MAX_EDGE, PHOTO_MAX_EDGE)).toEqual({ width: 1600, height: 1600 });
  });

  it("scales the longer side down to the limit, keeping the aspect ratio", () => {
    expect(fitWithin(4032, 3024)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(3024, 4032)).toEqual({ width: 1200, height: 1600 });
    expect(fitWithin(2400, 1200, 640)).toEqual({ width: 640, height: 320 });
  });

  it("never gives a side of zero", () => {
    expect(fitWithin(10000, 1)).toEqual({ width: 1600, height: 1 });
  });
});

describe("the card-size rendition (decision 0039)", () => {
  it("is drawn at most PHOTO_CARD_EDGE a side, with the photo's shape within the server's 2%", () => {
    for (const [w, h] of [
      [4032, 3024],
      [3024, 4032],
      [1200, 1600],
      [1600, 1067],
      [1600, 40],
      [37, 21],
      [1, 1],
    ] as const) {
      const photo = fitWithin(w, h);
      const card = fitWithin(photo.width, photo.height, PHOTO_CARD_EDGE);
      expect(Math.max(card.width, card.height)).toBeLessThanOrEqual(PHOTO_CARD_EDGE);
      expect(sameAspect(photo, card), `${w}x${h}`).toBe(true);
    }
  });

  it("sameAspect refuses a shape more than 2% off, either way", () => {
    expect(sameAspect({ width: 1000, height: 1000 }, { width: 101, height: 100 })).toBe(true);
    expect(sameAspect({ width: 1000, height: 1000 }, { width: 103, height: 100 })).toBe(false);
    expect(sameAspect({ width: 1000, height: 1000 }, { width: 100, height: 103 })).toBe(false);
    expect(sameAspect({ width: 1200, height: 1600 }, { width: 640, height: 480 })).toBe(false);
  });
});
