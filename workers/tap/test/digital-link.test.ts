/**
 * A garment's GS1 Digital Link at the edge (issue #31, decision 0052): tapped, it answers exactly
 * what `/t/<slug>` answers, scan included; asked as a resolver (GS1-Conformant Resolver 1.2), it
 * answers a linkset, a 307 to a link type or 404; malformed, 400 with a reason and no scan.
 */
import { env } from "cloudflare:workers";
import { formatDigitalLink } from "@releve/core/passport/digital-link";
import { gtinFor } from "@releve/core/passport/gtin";
import { parseSunKeys } from "@releve/core/tap/sun";
import { randomSunUid, sunTapQuery } from "@releve/core/tap/testing/sun-tap";
import {
  createGarment,
  createOwner,
  createProduct,
  setGarmentSecureTag,
  setGarmentTagStatus,
} from "@releve/db/testing/factories";
import { afterEach, describe, expect, it, vi } from "vitest";
import { db, forgetMemo, landing, sentMessages, tap, tokenFor } from "./helpers";

afterEach(() => {
  vi.restoreAllMocks();
});

const ORIGIN = "http://releve.test";
const dl = (gtin: string, slug?: string) => formatDigitalLink("", { gtin, serial: slug });

/** A garment of a fresh product; `owner`: claimed by a new owner (sharing on). */
async function pieceOfProduct(opts: { owner?: boolean; active?: boolean } = {}) {
  const product = await createProduct(db, { name: "Silk Shirt", services_url: "https://atelier.example/repairs" });
  const owner = opts.owner ? await createOwner(db) : null;
  const garment = await createGarment(db, {
    ownerUserId: owner?.userId ?? null,
    active: opts.active,
    fields: { product_id: product.id },
  });
  return { product, garment, owner };
}

const linkHeader = (gtin: string, slug?: string) =>
  `<${ORIGIN}${dl(gtin, slug)}?linkType=linkset>; rel="linkset"; type="application/linkset+json"`;

describe("a Digital Link tap answers as /t/<slug> does", () => {
  it.each([
    ["unclaimed: the claim page", {}],
    ["claimed, a visitor: the card in place", { owner: true }],
    ["inactive: the missing page", { active: false }],
  ])("%s, with the scan and a Link to the linkset", async (_row, opts: { owner?: boolean; active?: boolean }) => {
    const { product, garment } = await pieceOfProduct(opts);
    const sent = sentMessages(garment.slug);
    const bySlug = await tap(`/t/${garment.slug}`);
    forgetMemo(garment.slug);
    const byLink = await tap(dl(product.gtin, garment.slug));
    expect(byLink.status).toBe(bySlug.status);
    expect(landing(byLink)).toBe(landing(bySlug));
    // Beside any Link the answer had (the card's canonical URL).
    expect(byLink.headers.get("link")).toContain(linkHeader(product.gtin, garment.slug));
    const scans = sent();
    expect(scans.length).toBe(opts.active === false ? 0 : 2);
  });

  it("claimed, its owner: their garment page", async () => {
    const { product, garment, owner } = await pieceOfProduct({ owner: true });
    const ownerToken = await tokenFor(owner?.userId ?? "");
    expect(landing(await tap(dl(product.gtin, garment.slug), { ownerToken }))).toBe(`/dashboard/garment/${garment.id}`);
  });

  it("reported missing: the neutral page, with 'About this piece' for a piece with a passport", async () => {
    const { product, garment } = await pieceOfProduct({ owner: true });
    await setGarmentTagStatus(db, garment.id, "stolen");
    const res = await tap(dl(product.gtin, garment.slug));
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toContain("reported missing");
    expect(page).toContain(`<a href="/passport/${garment.slug}">About this piece</a>`);
    // A piece without a product has no passport to link.
    const plain = await createGarment(db, { ownerUserId: (await createOwner(db)).userId });
    await setGarmentTagStatus(db, plain.id, "lost");
    const plainPage = await (await tap(`/t/${plain.slug}`)).text();
    expect(plainPage).toContain("reported missing");
    expect(plainPage).not.toContain("About this piece");
  });

  it("a trailing slash and an upper-case serial are the same tap", async () => {
    const { product, garment } = await pieceOfProduct();
    expect(landing(await tap(`${dl(product.gtin, garment.slug)}/`))).toBe(`/claim/${garment.slug}`);
    expect(landing(await tap(dl(product.gtin, garment.slug.toUpperCase())))).toBe(`/claim/${garment.slug}`);
  });

  it("answers from the memo or KV with no D1 query once cached", async () => {
    const { product, garment } = await pieceOfProduct();
    await tap(dl(product.gtin, garment.slug));
    forgetMemo(garment.slug);
    const prepare = vi.spyOn(env.DB, "prepare");
    const res = await tap(dl(product.gtin, garment.slug));
    expect(res.headers.get("x-tap-source")).toBe("kv");
    expect(prepare).not.toHaveBeenCalled();
  });

  it("404s a serial under another product's GTIN, a garment without a product, and an unknown serial", async () => {
    const { garment } = await pieceOfProduct();
    const other = await createProduct(db);
    const bare = await createGarment(db);
    for (const path of [dl(other.gtin, garment.slug), dl(other.gtin, bare.slug), dl(other.gtin, "zz-nothing")]) {
      const sent = sentMessages(garment.slug, bare.slug);
      const res = await tap(path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).toContain("Invalid garment link");
      expect(sent()).toEqual([]);
    }
  });

  it("verifies a secure tag's SUN on the Digital Link and never passes it on", async () => {
    const keys = parseSunKeys(env.SUN_KEYS);
    const key = keys.find((k) => k.version === 2);
    if (!key) throw new Error("no test key version 2");
    const { product, garment } = await pieceOfProduct();
    const uid = randomSunUid();
    await setGarmentSecureTag(db, garment.id, uid, 2);
    forgetMemo(garment.slug);
    const unsigned = await tap(dl(product.gtin, garment.slug));
    expect(unsigned.status).toBe(403);
    const signed = await tap(`${dl(product.gtin, garment.slug)}${sunTapQuery(key, { uid, counter: 7 })}`);
    expect(signed.status).toBe(302);
    expect(signed.headers.get("location")).toBe(`/claim/${garment.slug}`);
    // Replayed: refused like any other replay.
    const replay = await tap(`${dl(product.gtin, garment.slug)}${sunTapQuery(key, { uid, counter: 7 })}`);
    expect(replay.status).toBe(403);
  });
});

describe("malformed Digital Links: 400 with a reason, no lookup and no scan", () => {
  it.each([
    ["/01/09520000000014/21/x", "check digit"],
    ["/01/0952000000001A/21/x", "digits only"],
    ["/01/952000000013/21/x", "14 digits"],
    ["/01/09520000000011/21/x/10/LOT", "out of order"],
    ["/01/09520000000011/21/a%20b", "character GS1 does not allow"],
    [`/01/09520000000011/21/${"a".repeat(21)}`, "at most 20"],
    ["/01/09520000000011/99/x", "AI 99"],
    ["/01/09520000000011/21/x?999=1", "Unknown AI 999"],
  ])("%s", async (path, reason) => {
    const prepare = vi.spyOn(env.DB, "prepare");
    const send = vi.spyOn(env.SCANS, "sendBatch");
    const plain = await tap(path, { headers: { Accept: "application/json" } });
    expect(plain.status).toBe(400);
    expect(await plain.text()).toContain(reason);
    expect(plain.headers.get("access-control-allow-origin")).toBe("*");
    const page = await tap(path, { headers: { Accept: "text/html" } });
    expect(page.status).toBe(400);
    expect(page.headers.get("content-type")).toBe("text/html; charset=UTF-8");
    expect(await page.text()).toContain(reason);
    expect(prepare).not.toHaveBeenCalled();
    expect(send).not.toHaveBeenCalled();
  });
});

type Linkset = { linkset: Array<Record<string, unknown> & { anchor: string; itemDescription: string }> };
const VOC = "https://gs1.org/voc/";

describe("the resolver (GS1-Conformant Resolver 1.2)", () => {
  it("answers a linkset for ?linkType=linkset, ?linkType=all and Accept: application/linkset+json", async () => {
    const { product, garment } = await pieceOfProduct();
    for (const init of [
      { path: `${dl(product.gtin, garment.slug)}?linkType=linkset` },
      { path: `${dl(product.gtin, garment.slug)}?linkType=all` },
      { path: dl(product.gtin, garment.slug), headers: { Accept: "application/linkset+json" } },
    ]) {
      const send = vi.spyOn(env.SCANS, "sendBatch");
      const res = await tap(init.path, { headers: init.headers });
      expect(res.status, init.path).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/linkset+json");
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
      expect(res.headers.get("link")).toContain('rel="linkset"');
      expect(res.headers.get("link")).toContain('rel="http://www.w3.org/ns/json-ld#context"');
      const { linkset } = (await res.json()) as Linkset;
      expect(linkset.map((c) => c.anchor)).toEqual([
        `${ORIGIN}${dl(product.gtin, garment.slug)}`,
        `${ORIGIN}${dl(product.gtin)}`,
      ]);
      for (const context of linkset) {
        expect(context[`${VOC}defaultLink`]).toHaveLength(1);
        for (const [key, links] of Object.entries(context)) {
          if (key === "anchor" || key === "itemDescription") continue;
          for (const link of links as { href: string; title: string }[]) {
            expect(link.href).toMatch(/^https?:\/\//);
            expect(link.title.length).toBeGreaterThan(0);
          }
        }
      }
      expect(linkset[0]?.[`${VOC}pip`]).toEqual([
        {
          href: `${ORIGIN}/passport/${garment.slug}`,
          title: "About this piece",
          type: "text/html",
          hreflang: ["en"],
        },
        {
          href: `${ORIGIN}/api/passport/${garment.slug}`,
          title: "About this piece (JSON-LD)",
          type: "application/ld+json",
        },
      ]);
      expect(linkset[1]?.[`${VOC}serviceInfo`]).toEqual([
        { href: "https://atelier.example/repairs", title: "Repair and care services" },
      ]);
      // A resolver's question is not a tap.
      expect(send).not.toHaveBeenCalled();
      vi.restoreAllMocks();
    }
  });

  it("redirects ?linkType=<type> with 307, passes the rest of the query on but never SUN parameters", async () => {
    const { product, garment } = await pieceOfProduct();
    const path = `${dl(product.gtin, garment.slug)}?linkType=gs1:pip&utm_source=shop&e=00AA&c=11BB`;
    const res = await tap(path);
    expect(res.status).toBe(307);
    expect(res.headers.get("location")).toBe(`${ORIGIN}/passport/${garment.slug}?utm_source=shop`);
    expect(res.headers.get("link")).toBe(linkHeader(product.gtin, garment.slug));
    const care = await tap(`${dl(product.gtin, garment.slug)}?linkType=https%3A%2F%2Fref.gs1.org%2Fvoc%2Finstructions`);
    expect(care.headers.get("location")).toBe(`${ORIGIN}/product/${product.gtin}#care`);
    const fallback = await tap(`${dl(product.gtin, garment.slug)}?linkType=gs1:defaultLink`);
    expect(fallback.headers.get("location")).toBe(`${ORIGIN}/passport/${garment.slug}`);
    expect((await tap(`${dl(product.gtin, garment.slug)}?linkType=gs1:registerProduct`)).headers.get("location")).toBe(
      `${ORIGIN}/t/${garment.slug}`,
    );
  });

  it("answers Accept: application/ld+json with a 307 to the passport's JSON-LD, not as a tap", async () => {
    const { product, garment } = await pieceOfProduct({ owner: true });
    const send = vi.spyOn(env.SCANS, "sendBatch");
    const asked = { headers: { Accept: "application/ld+json" } };
    const res = await tap(dl(product.gtin, garment.slug), asked);
    expect(res.status).toBe(307);
    expect(res.headers.get("location")).toBe(`${ORIGIN}/api/passport/${garment.slug}`);
    expect(res.headers.get("vary")).toBe("Accept");
    expect((await tap(dl(product.gtin), asked)).headers.get("location")).toBe(`${ORIGIN}/api/product/${product.gtin}`);
    // A browser's Accept (HTML first, then anything) is a tap as before.
    const browser = await tap(dl(product.gtin, garment.slug), {
      headers: { Accept: "text/html,application/xhtml+xml,application/ld+json;q=0.9,*/*;q=0.8" },
    });
    expect(browser.status).not.toBe(307);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it("answers 404 for a link type the item lacks or that is unknown", async () => {
    const { product, garment } = await pieceOfProduct({ owner: true });
    // Claimed: nothing to claim.
    expect((await tap(`${dl(product.gtin, garment.slug)}?linkType=gs1:registerProduct`)).status).toBe(404);
    expect((await tap(`${dl(product.gtin, garment.slug)}?linkType=gs1:nosuchlt`)).status).toBe(404);
    expect((await tap(`${dl(product.gtin)}?linkType=gs1:verificationService`)).status).toBe(404);
  });

  it("sends /01/<gtin> to the product's page, and 404s a GTIN no product has", async () => {
    const { product } = await pieceOfProduct();
    const res = await tap(dl(product.gtin));
    expect(res.status).toBe(307);
    expect(res.headers.get("location")).toBe(`${ORIGIN}/product/${product.gtin}`);
    expect(res.headers.get("link")).toBe(linkHeader(product.gtin));
    expect((await tap(`${dl(product.gtin)}/`)).headers.get("location")).toBe(`${ORIGIN}/product/${product.gtin}`);
    expect((await tap(dl(gtinFor("952997", 999_999) ?? ""))).status).toBe(404);
  });

  it("an unknown serial under a known GTIN answers the product's links (walks up, never 404)", async () => {
    const { product } = await pieceOfProduct();
    const res = await tap(`${dl(product.gtin, "zz-unknown")}?linkType=linkset`);
    expect(res.status).toBe(200);
    const { linkset } = (await res.json()) as Linkset;
    expect(linkset.map((c) => c.anchor)).toEqual([`${ORIGIN}${dl(product.gtin)}`]);
  });

  it("answers OPTIONS with CORS for GET, HEAD and OPTIONS, and the Link to the linkset", async () => {
    const { product, garment } = await pieceOfProduct();
    const res = await tap(dl(product.gtin, garment.slug), {
      method: "OPTIONS",
      headers: { Origin: "https://ref.gs1.org", "Access-Control-Request-Method": "GET" },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("access-control-allow-methods")).toBe("GET, HEAD, OPTIONS");
    expect(res.headers.get("link")).toBe(linkHeader(product.gtin, garment.slug));
  });

  it("answers HEAD like GET without a body", async () => {
    const { product } = await pieceOfProduct();
    const res = await tap(`${dl(product.gtin)}?linkType=linkset`, { method: "HEAD" });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("");
  });

  it("describes itself at /.well-known/gs1resolver", async () => {
    const res = await tap("/.well-known/gs1resolver");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json");
    expect(await res.json()).toMatchObject({
      resolverRoot: ORIGIN,
      supportedPrimaryKeys: ["01"],
      supportedLinkType: [{ namespace: VOC, prefix: "gs1:" }],
    });
  });
});
