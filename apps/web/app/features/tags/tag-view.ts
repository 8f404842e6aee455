import { AppError } from "@releve/core";
import { publicName } from "@releve/core/sharing/share-visibility";
import type { AdminTag } from "@releve/core/tags/contracts";
import { garmentTagUrl } from "@releve/core/tags/rules";
import { sunEncoderSettings } from "@releve/core/tags/sun-encoder";
import type { Db } from "@releve/db/client";
import { getProduct } from "@releve/db/passport/queries";
import { getTag, getTagBatch, type TagRow } from "@releve/db/tags/queries";

/** A tag row as the programmer and the registry show it; URLs on the request's origin. */
export function toAdminTag(row: TagRow, origin: string): AdminTag {
  return {
    id: row.id,
    chipId: row.chip_id,
    signature: row.security_signature,
    uid: row.uid,
    tagType: row.tag_type,
    status: row.status,
    batch: row.batch_id === null ? null : { id: row.batch_id, name: row.batch_name ?? "" },
    garment:
      row.garment_id === null || row.short_slug === null
        ? null
        : {
            id: row.garment_id,
            title: row.garment_title ?? row.short_slug,
            type: row.garment_type,
            size: row.size,
            color: row.color,
            sku: row.sku,
            slug: row.short_slug,
            url: garmentTagUrl(origin, row.short_slug, row.gtin),
            status: row.garment_status ?? "unclaimed",
            isActive: row.garment_active ?? false,
          },
    owner: row.owner_user_id ? { profileId: row.profile_id, name: publicName(row), email: row.owner_email } : null,
    writeError: row.metadata?.write_error ?? null,
    lockedAt: row.metadata?.lockedAt ?? null,
    secure:
      row.sun_key_version === null
        ? null
        : {
            keyVersion: row.sun_key_version,
            encoder: row.short_slug
              ? sunEncoderSettings(garmentTagUrl(origin, row.short_slug, row.gtin), row.sun_key_version)
              : null,
          },
    programmedAt: row.programmed_at?.getTime() ?? null,
    createdAt: row.created_at.getTime(),
    updatedAt: row.updated_at.getTime(),
  };
}

/** The product a new garment is one of, by id: a 400 naming the field when there is none. */
export async function productForProgramming(db: Db, id: number | null) {
  if (id === null) return null;
  const product = await getProduct(db, id);
  if (!product) throw new AppError("bad_request", `Product: no product has the id ${id}.`);
  return product;
}

export async function batchOrThrow(db: Db, id: number) {
  const batch = await getTagBatch(db, id);
  if (!batch) throw new AppError("not_found", `No batch has the id ${id}.`);
  return batch;
}

export async function tagOrThrow(db: Db, id: number): Promise<TagRow> {
  const tag = await getTag(db, id);
  if (!tag) throw new AppError("not_found", "Tag not found.");
  return tag;
}

export const originOf = (url: string) => new URL(url).origin;
