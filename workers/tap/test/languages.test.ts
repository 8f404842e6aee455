/**
 * The tap's own pages in the visitor's language (issue #34): the language cookie, else
 * Accept-Language, else English; `<html lang>` and Content-Language say which.
 */
import { env } from "cloudflare:workers";
import { randomSunUid } from "@releve/core/tap/testing/sun-tap";
import { createGarment, createOwner, setGarmentSecureTag, setGarmentTagStatus } from "@releve/db/testing/factories";
import { LOCALE_COOKIE } from "@releve/i18n";
import { describe, expect, it } from "vitest";
import { db, tap } from "./helpers";

const FRENCH = { "accept-language": "fr-FR,fr;q=0.9,en;q=0.5" };

async function page(path: string, headers: Record<string, string> = {}) {
  const res = await tap(path, { headers });
  return { res, html: await res.text() };
}

describe("the tap's pages speak the visitor's language (issue #34)", () => {
  it("an unknown link: French for a French phone, English otherwise", async () => {
    const fr = await page("/t/no-such-garment-xyz", FRENCH);
    expect(fr.res.status).toBe(404);
    expect(fr.html).toContain('<html lang="fr">');
    expect(fr.html).toContain("<h1>Lien sans réponse</h1>");
    expect(fr.html).toContain("Ce lien de vêtement n&#39;est pas valide");
    expect(fr.html).toContain("Retour à l&#39;accueil</a>");
    expect(fr.res.headers.get("content-language")).toBe("fr");
    expect(fr.res.headers.get("vary")).toBe("Accept-Language, Cookie");

    const en = await page("/t/no-such-garment-xyz");
    expect(en.html).toContain('<html lang="en">');
    expect(en.html).toContain("<h1>Resolution Failed</h1>");
    expect(en.html).toContain("Invalid garment link");
    expect(en.html).toContain("Redirecting to home...");
    expect(en.res.headers.get("content-language")).toBe("en");
  });

  it("a language we do not write falls back to English; a later French range is still found", async () => {
    const de = await page("/t/no-such-garment-xyz", { "accept-language": "de-DE,de;q=0.9" });
    expect(de.html).toContain('<html lang="en">');
    expect(de.html).toContain("Invalid garment link");
    const deThenFr = await page("/t/no-such-garment-xyz", { "accept-language": "de-DE,fr-CH;q=0.8" });
    expect(deThenFr.html).toContain('<html lang="fr">');
  });

  it("the explicit choice (the language cookie) wins over Accept-Language", async () => {
    const chosen = await page("/t/no-such-garment-xyz", { ...FRENCH, cookie: `${LOCALE_COOKIE}=en` });
    expect(chosen.html).toContain('<html lang="en">');
    const french = await page("/t/no-such-garment-xyz", { cookie: `other=1; ${LOCALE_COOKIE}=fr` });
    expect(french.html).toContain('<html lang="fr">');
    // A value that names no language of ours is no choice: Accept-Language decides.
    const junk = await page("/t/no-such-garment-xyz", { ...FRENCH, cookie: `${LOCALE_COOKIE}=xx` });
    expect(junk.html).toContain('<html lang="fr">');
  });

  it("a garment reported missing, in both languages, the address a link in each", async () => {
    const owner = await createOwner(db);
    const g = await createGarment(db, { ownerUserId: owner.userId });
    await setGarmentTagStatus(db, g.id, "lost");
    const email = env.BRAND_CONTACT_EMAIL;
    const fr = await page(`/t/${g.slug}`, FRENCH);
    expect(fr.res.status).toBe(200);
    expect(fr.html).toContain('<html lang="fr">');
    expect(fr.html).toContain("<h1>Ce vêtement a été déclaré disparu</h1>");
    expect(fr.html).toContain(`Si vous l&#39;avez trouvé, écrivez-nous à <a href="mailto:${email}">${email}</a>.`);
    const en = await page(`/t/${g.slug}`);
    expect(en.html).toContain("<h1>This garment has been reported missing</h1>");
    expect(en.html).toContain(`If you have found it, please contact Relevé at <a href="mailto:${email}">${email}</a>.`);
  });

  it("a secure garment's unverified tap: the refusal in both languages, constant in each", async () => {
    const owner = await createOwner(db);
    const g = await createGarment(db, { ownerUserId: owner.userId });
    await setGarmentSecureTag(db, g.id, randomSunUid(), 2);
    const fr = await page(`/t/${g.slug}`, FRENCH);
    expect(fr.res.status).toBe(403);
    expect(fr.html).toContain('<html lang="fr">');
    expect(fr.html).toContain("<h1>Cette étiquette n&#39;a pu être authentifiée</h1>");
    expect(fr.html).toContain("<title>Non authentifiée · Relevé</title>");
    const again = await page(`/t/${g.slug}`, { "accept-language": "fr" });
    expect(again.html).toBe(fr.html);
    const en = await page(`/t/${g.slug}`);
    expect(en.html).toContain("<h1>This tag could not be authenticated</h1>");
  });

  it("a malformed Digital Link: the frame in French, the resolver's reason kept in English and marked so", async () => {
    const fr = await page("/01/12345/21/abc", { ...FRENCH, accept: "text/html" });
    expect(fr.res.status).toBe(400);
    expect(fr.html).toMatch(/Digital Link non valide : <span lang="en">[^<]+<\/span>/);
  });
});
