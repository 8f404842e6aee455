import type { ShareableProfile } from "@releve/core/sharing/share-visibility";
import { publicProfile } from "@releve/core/sharing/share-visibility";
import { shareCard, shareCardVCard } from "@releve/core/sharing/vcard";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { OwnerCard } from "../sharing/owner-card";
import { hiddenChannels, judgeSharePage, judgeVCard } from "./url-suite-card";

// The URL suite's share card and vCard checks (issue #20 item 3), held to the real card
// component and the real vCard writer: a card as built passes; one showing an unshared value fails.

const camille: ShareableProfile = {
  first_name: "Camille",
  last_name: "Laurent",
  display_name: "Camille Laurent",
  city_region: "Paris, Île-de-France",
  bio: "Tailoring & 'quiet' <luxury>.",
  email: "owner@releve.local",
  mobile_phone: "+33 6 12 34 56 78",
  website: "https://camille-laurent.example/?a=1&b=2",
  instagram: "camille.laurent",
  linkedin: "https://www.linkedin.com/in/camille-laurent-example",
  tiktok: null,
  facebook: "",
  twitter: null,
  share_email: true,
  share_mobile: true,
  share_website: false,
  share_instagram: true,
  share_linkedin: false,
  share_tiktok: false,
  share_facebook: false,
  share_twitter: false,
  email_verified: true,
};
const facts = (profile: ShareableProfile) => ({ profile, garmentTitle: "Cashmere Gown" });
const page = (profile: ShareableProfile) =>
  `<!DOCTYPE html><html><body>${renderToStaticMarkup(
    <OwnerCard profile={publicProfile(profile)} garmentTitle="Cashmere Gown" />,
  )}</body></html>`;

describe("the URL suite's share card check", () => {
  it("passes the card as the page renders it, naming what is shown and what is absent", () => {
    expect(hiddenChannels(camille).map((h) => h.label)).toEqual(["Website", "LinkedIn"]);
    expect(judgeSharePage("/share/cg-003", page(camille), facts(camille))).toEqual({
      result: "pass",
      detail: "GET /share/cg-003: 200; shows Email, Phone, Instagram; absent as unshared: Website, LinkedIn.",
    });
  });

  it("fails a page showing an unshared value, raw or escaped, and one missing a shared value", () => {
    const leaked = `${page(camille)}<p>${"https://camille-laurent.example/?a=1&amp;b=2"}</p>`;
    expect(judgeSharePage("/share/cg-003", leaked, facts(camille))).toEqual({
      result: "fail",
      detail:
        "Expected GET /share/cg-003 to show Email, Phone, Instagram and none of Website, LinkedIn; got unshared but on the page: Website.",
    });
    const withoutPhone = page({ ...camille, share_mobile: false });
    expect(judgeSharePage("/share/cg-003", withoutPhone, facts(camille)).detail).toContain(
      "shared but not on the page: Phone",
    );
  });

  it("an unverified email is not shown even when its flag is on: its absence is expected", () => {
    const unverified = { ...camille, email_verified: false };
    expect(hiddenChannels(unverified).map((h) => h.label)).toContain("Email");
    expect(judgeSharePage("/share/x", page(unverified), facts(unverified)).result).toBe("pass");
    expect(judgeSharePage("/share/x", page(camille), facts(unverified))).toMatchObject({ result: "fail" });
  });

  it("an unshared value that is part of what the card shows is not judged, and the detail says so", () => {
    const handle = { ...camille, instagram: "Camille", share_instagram: false };
    const verdict = judgeSharePage("/share/x", page(handle), facts(handle));
    expect(verdict.result).toBe("pass");
    expect(verdict.detail).toContain("Not judged (also part of what the card shows): Instagram.");
  });
});

describe("the URL suite's vCard check", () => {
  it("passes the vCard the share page serves", () => {
    expect(judgeVCard("/share/cg-003/contact.vcf", shareCardVCard(shareCard(camille)), facts(camille))).toEqual({
      result: "pass",
      detail: "Parsed with ical.js: FN present, 7 properties; none of the unshared (Website, LinkedIn) in it.",
    });
  });

  it("fails one carrying an unshared value, one without FN, and one that does not parse", () => {
    const all = { ...camille, share_website: true, share_linkedin: true };
    expect(judgeVCard("/v", shareCardVCard(shareCard(all)), facts(camille))).toEqual({
      result: "fail",
      detail: "Expected no unshared value in GET /v; got Website, LinkedIn.",
    });
    const noName = "BEGIN:VCARD\r\nVERSION:3.0\r\nN:;;;;\r\nEND:VCARD\r\n";
    expect(judgeVCard("/v", noName, facts(camille))).toEqual({
      result: "fail",
      detail: "Expected GET /v to carry FN (the name); it has none.",
    });
    expect(judgeVCard("/v", "page /share/x/contact.vcf", facts(camille)).detail).toMatch(
      /^Expected GET \/v to parse as a vCard; ical\.js says: /,
    );
  });
});
