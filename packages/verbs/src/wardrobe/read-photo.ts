import { photoKeyType } from "@releve/core/wardrobe/photo";
import { findPhotoByKey } from "@releve/db/wardrobe/queries";
import type { Effects } from "../effects";

export type ReadPhotoOutcome =
  | { code: "not_found" }
  | {
      code: "found";
      type: string;
      shown: boolean;
      etag: string;
      size: number;
      /** The bytes; null for a HEAD, or when the If-None-Match matched (a 304). */
      body: ReadableStream | null;
    };

/**
 * GET (and HEAD) of a stored photo (issue #19): only a well-formed key that a garment or product
 * names now is looked up; one its owner does not show (issue #28) only for them and staff
 * (`viewer`); anything else, a removed or hidden photo's old key, or a key with no object, is
 * not found. Only If-None-Match is honoured (R2 answers a match without the body).
 */
export async function readPhoto(
  effects: Pick<Effects, "db" | "photos">,
  input: {
    key: string;
    head: boolean;
    ifNoneMatch: string | null;
    viewer: () => Promise<{ userId: string; staff: boolean } | null>;
  },
): Promise<ReadPhotoOutcome> {
  const type = photoKeyType(input.key);
  if (!type) return { code: "not_found" };
  const holder = await findPhotoByKey(effects.db, input.key);
  if (!holder) return { code: "not_found" };
  if (!holder.photo_public) {
    const viewer = await input.viewer();
    if (!viewer || (viewer.userId !== holder.owner_user_id && !viewer.staff)) return { code: "not_found" };
  }
  const onlyIf = input.ifNoneMatch ? new Headers({ "If-None-Match": input.ifNoneMatch }) : undefined;
  const object = input.head ? await effects.photos.head(input.key) : await effects.photos.get(input.key, { onlyIf });
  if (!object) return { code: "not_found" };
  const body = "body" in object ? (object as R2ObjectBody).body : null;
  return { code: "found", type, shown: holder.photo_public, etag: object.httpEtag, size: object.size, body };
}
