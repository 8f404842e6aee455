/**
 * wardrobe/set-garment-photo, clear-garment-photo and show-garment-photo (issues #19, #28;
 * issue #48), with the real bindings: each change leaves one garment.photo_changed event naming
 * the objects it let go, deleted on its delivery; someone else's garment reads no body.
 */
import { env } from "cloudflare:workers";
import { JPEG_37X21, PNG_37X21, sampleBytes } from "@releve/core/fixtures/photos/samples";
import { getDb } from "@releve/db";
import { listEvents } from "@releve/db/platform/events";
import { createOwner } from "@releve/db/testing/factories";
import { describe, expect, it } from "vitest";
import { deliverPending, testEffects } from "../testing/effects";
import { ownedPiece } from "../testing/pieces";
import { clearGarmentPhoto } from "./clear-garment-photo";
import { setGarmentPhoto } from "./set-garment-photo";
import { showGarmentPhoto } from "./show-garment-photo";

const db = getDb(env.DB);
const bytes = (sample: typeof PNG_37X21) => async () => new Uint8Array(sampleBytes(sample));

describe("wardrobe/set-garment-photo", () => {
  it("replaces the owner's photo with one event; its delivery deletes the old object", async () => {
    const { owner, garment, photoKey } = await ownedPiece(db, { photo: true });
    const effects = testEffects(db, { kind: "client", id: owner.userId });
    const outcome = await setGarmentPhoto(effects, {
      garmentId: garment.id,
      by: { owner: owner.userId },
      read: bytes(PNG_37X21),
    });
    expect(outcome).toMatchObject({ code: "set", row: { photo_width: 37, photo_height: 21 } });
    const [event] = await listEvents(db, { limit: 1, types: ["garment.photo_changed"] });
    expect(event).toMatchObject({ garmentId: garment.id, actorId: owner.userId, payload: { photoKeys: [photoKey] } });
    await deliverPending(db);
    expect(await env.PHOTOS.get(photoKey ?? "")).toBeNull();
    if (outcome.code === "set") expect(await env.PHOTOS.get(outcome.row.photo_key ?? "")).not.toBeNull();
  });

  it("answers not_found for someone else's garment without reading the body", async () => {
    const { garment } = await ownedPiece(db);
    const stranger = await createOwner(db);
    let read = false;
    const outcome = await setGarmentPhoto(testEffects(db, { kind: "client", id: stranger.userId }), {
      garmentId: garment.id,
      by: { owner: stranger.userId },
      read: async () => {
        read = true;
        return new Uint8Array(sampleBytes(JPEG_37X21));
      },
    });
    expect(outcome).toEqual({ code: "not_found" });
    expect(read).toBe(false);
  });

  it("refuses bytes that are not a photo, recording nothing", async () => {
    const { owner, garment } = await ownedPiece(db);
    const before = await listEvents(db, { limit: 100 });
    const outcome = await setGarmentPhoto(testEffects(db, { kind: "client", id: owner.userId }), {
      garmentId: garment.id,
      by: { owner: owner.userId },
      read: async () => new TextEncoder().encode("not a photo"),
    });
    expect(outcome).toEqual({ code: "refused", reason: "unsupported_type" });
    expect(await listEvents(db, { limit: 100 })).toEqual(before);
  });
});

describe("wardrobe/clear-garment-photo and show-garment-photo", () => {
  it("hiding a shown photo moves it to new keys; clearing it lets the new keys go", async () => {
    const { owner, garment, photoKey } = await ownedPiece(db, { photo: true });
    const effects = testEffects(db, { kind: "client", id: owner.userId });
    const shown = await showGarmentPhoto(effects, { garmentId: garment.id, owner: owner.userId, show: true });
    expect(shown).toMatchObject({ code: "set", row: { photo_public: true, photo_key: photoKey } });
    const [visible] = await listEvents(db, { limit: 1, types: ["garment.photo_visibility_changed"] });
    expect(visible).toMatchObject({ garmentId: garment.id, actorId: owner.userId, payload: { shown: true } });
    const hidden = await showGarmentPhoto(effects, { garmentId: garment.id, owner: owner.userId, show: false });
    if (hidden.code !== "set") throw new Error(hidden.code);
    expect(hidden.row.photo_public).toBe(false);
    expect(hidden.row.photo_key).not.toBe(photoKey);
    await deliverPending(db);
    expect(await env.PHOTOS.get(photoKey ?? "")).toBeNull();

    expect(await clearGarmentPhoto(effects, { garmentId: garment.id, by: { owner: owner.userId } })).toEqual({
      code: "cleared",
    });
    await deliverPending(db);
    expect(await env.PHOTOS.get(hidden.row.photo_key ?? "")).toBeNull();
    const stranger = await createOwner(db);
    expect(await clearGarmentPhoto(effects, { garmentId: garment.id, by: { owner: stranger.userId } })).toEqual({
      code: "not_found",
    });
  });

  it("showing someone else's photo changes nothing and records nothing", async () => {
    const { garment } = await ownedPiece(db, { photo: true });
    const stranger = await createOwner(db);
    const before = await listEvents(db, { limit: 100 });
    const outcome = await showGarmentPhoto(testEffects(db, { kind: "client", id: stranger.userId }), {
      garmentId: garment.id,
      owner: stranger.userId,
      show: true,
    });
    expect(outcome).toEqual({ code: "not_found" });
    expect(await listEvents(db, { limit: 100 })).toEqual(before);
  });
});
