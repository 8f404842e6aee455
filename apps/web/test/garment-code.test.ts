import { env } from "cloudflare:workers";
import { generateSecureChipId } from "@releve/core/tags/chip-id";
import { garments, getDb } from "@releve/db";
import { createGarment } from "@releve/db/testing/factories";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { slugFromCode } from "../app/features/wardrobe/garment-code.server";

const db = getDb(env.DB);

async function garmentWithChip() {
  const garment = await createGarment(db);
  const chipId = generateSecureChipId({ garmentType: "Shirt", batch: "T1", serial: garment.id });
  await db.update(garments).set({ nfc_chip_id: chipId }).where(eq(garments.id, garment.id));
  const row = await db.query.garments.findFirst({ where: (g, { eq }) => eq(g.id, garment.id) });
  return { slug: garment.slug, chipId, tagUuid: row?.tag_uuid ?? "" };
}

describe("slugFromCode", () => {
  it("finds a garment by its chip id, as typed from a label", async () => {
    const g = await garmentWithChip();
    expect(await slugFromCode(db, g.chipId)).toBe(g.slug);
    expect(await slugFromCode(db, `  ${g.chipId.toLowerCase()}  `)).toBe(g.slug);
  });

  it("finds a garment by its tag UUID, its slug or its /t/ link", async () => {
    const g = await garmentWithChip();
    expect(await slugFromCode(db, g.tagUuid.toUpperCase())).toBe(g.slug);
    expect(await slugFromCode(db, g.slug)).toBe(g.slug);
    expect(await slugFromCode(db, `https://releve.example.com/t/${g.slug}?x=1`)).toBe(g.slug);
  });

  it("finds nothing for a malformed, lookalike or unknown chip id", async () => {
    const g = await garmentWithChip();
    // Dotless ı uppercases to I: a Unicode lookalike of a real chip id must not match it.
    const lookalike = g.chipId.toLowerCase().replace("shirt", "shırt");
    for (const code of [lookalike, `${g.chipId}-X`, g.chipId.replace("RLV-", "RLV--"), "RLV-SHIRT-T1-0001-ZZZZ"]) {
      expect(await slugFromCode(db, code)).toBeNull();
    }
  });
});
