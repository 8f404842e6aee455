import { describe, expect, it } from "vitest";
import { byChannel, CHANNELS } from "./channels";
import { publicProfile, type ShareableProfile } from "./share-visibility";
import { escapeText, escapeUri, foldLine, shareCard, shareCardVCard, toVCard, visibleLastName } from "./vcard";

/** The seeded demo owner (packages/db/src/seed-data.ts): email, mobile and Instagram shared. */
const demoOwner: ShareableProfile = {
  first_name: "Camille",
  last_name: "Laurent",
  display_name: "Camille Laurent",
  city_region: "Paris, Île-de-France",
  bio: "Creative director with a weakness for tailoring and quiet luxury.",
  email: "owner@releve.local",
  mobile_phone: "+33 6 12 34 56 78",
  website: "https://camille-laurent.example",
  instagram: "camille.laurent",
  linkedin: "https://www.linkedin.com/in/camille-laurent-example",
  tiktok: null,
  facebook: null,
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

const everything: ShareableProfile = {
  ...demoOwner,
  website: "https://hidden-site.example",
  linkedin: "https://www.linkedin.com/in/hidden-linkedin",
  tiktok: "hiddentiktok",
  facebook: "hiddenfacebook",
  twitter: "hiddentwitter",
};
const allFlagsOff: ShareableProfile = { ...everything, ...byChannel(CHANNELS, "flag", () => false) };

const HIDDEN_VALUES = [
  "owner@releve.local",
  "+33 6 12 34 56 78",
  "hidden-site",
  "camille.laurent",
  "hidden-linkedin",
  "hiddentiktok",
  "hiddenfacebook",
  "hiddentwitter",
];

/** Physical lines as bytes, split on CRLF, so length is checked in octets. */
function byteLines(card: string): Uint8Array[] {
  const bytes = new TextEncoder().encode(card);
  const lines: Uint8Array[] = [];
  let start = 0;
  for (let i = 0; i < bytes.length - 1; i++) {
    if (bytes[i] === 0x0d && bytes[i + 1] === 0x0a) {
      lines.push(bytes.subarray(start, i));
      start = i + 2;
      i++;
    }
  }
  expect(start).toBe(bytes.length);
  return lines;
}

const unfold = (card: string) => card.replace(/\r\n /g, "");

const minimal = { name: "A", firstName: "A", lastName: null, channels: [] };

describe("escapeText (RFC 2426 text-value)", () => {
  it.each([
    ["backslash", "a\\b", "a\\\\b"],
    ["comma", "a,b", "a\\,b"],
    ["semicolon", "a;b", "a\\;b"],
    ["LF", "a\nb", "a\\nb"],
    ["CRLF", "a\r\nb", "a\\nb"],
    ["bare CR", "a\rb", "a\\nb"],
    ["all at once", "\\,;\n", "\\\\\\,\\;\\n"],
  ])("escapes %s", (_name, input, expected) => {
    expect(escapeText(input)).toBe(expected);
  });

  it("leaves colons, quotes, tabs and non-ASCII alone and drops other control characters", () => {
    expect(escapeText('Île: "été"\tok')).toBe('Île: "été"\tok');
    expect(escapeText("a\u0000b\u0007c\u007fd\u0085e")).toBe("abcde");
  });

  it("does not escape twice: an already escaped-looking value round-trips literally", () => {
    expect(escapeText("\\n")).toBe("\\\\n");
  });
});

describe("escapeUri", () => {
  it("keeps a URL as it is, commas and semicolons included, but percent-encodes line breaks", () => {
    expect(escapeUri("https://x.example/a,b;c?d=e")).toBe("https://x.example/a,b;c?d=e");
    expect(escapeUri("https://x.example/\r\nTEL:1")).toBe("https://x.example/%0D%0ATEL:1");
  });
});

describe("foldLine (RFC 2425 §5.8.1, octets not characters)", () => {
  it("leaves a 75-octet line whole and folds a 76-octet one", () => {
    const at75 = `NOTE:${"a".repeat(70)}`;
    expect(foldLine(at75)).toBe(at75);
    expect(foldLine(`${at75}b`)).toBe(`${at75}\r\n b`);
  });

  it("folds before a two-byte character that would cross octet 75", () => {
    // 74 octets, then é (2 octets) would make 76.
    const head = `NOTE:${"a".repeat(69)}`;
    expect(foldLine(`${head}é`)).toBe(`${head}\r\n é`);
  });

  it("folds before a four-byte emoji that would cross octet 75, never inside its surrogate pair", () => {
    const head = `NOTE:${"a".repeat(68)}`; // 73 octets; 😀 is 4
    expect(foldLine(`${head}😀x`)).toBe(`${head}\r\n 😀x`);
  });

  it("counts the leading space of a continuation line", () => {
    const folded = foldLine(`NOTE:${"a".repeat(70 + 74 + 10)}`);
    const parts = folded.split("\r\n");
    expect(parts.map((p) => p.length)).toEqual([75, 75, 11]);
  });
});

describe("toVCard", () => {
  it("carries the owner's title and company as TITLE and ORG (issue #49), escaped", () => {
    const card = shareCard({ ...allFlagsOff, job_title: "Creative Director", company: "Atelier; Fils & Cie" });
    const lines = unfold(shareCardVCard(card)).split("\r\n");
    expect(lines).toContain("TITLE:Creative Director");
    expect(lines).toContain("ORG:Atelier\\; Fils & Cie");
    expect(unfold(shareCardVCard(shareCard(allFlagsOff)))).not.toMatch(/^(TITLE|ORG):/m);
  });

  it("writes the demo owner's card: exactly the shared channels, CRLF, folded", () => {
    expect(shareCardVCard(shareCard(demoOwner))).toBe(
      [
        "BEGIN:VCARD",
        "VERSION:3.0",
        "N:Laurent;Camille;;;",
        "FN:Camille Laurent",
        "EMAIL;TYPE=INTERNET:owner@releve.local",
        "TEL;TYPE=CELL:+33612345678",
        "X-SOCIALPROFILE;TYPE=instagram:https://www.instagram.com/camille.laurent/",
        "NOTE:Creative director with a weakness for tailoring and quiet luxury.",
        "END:VCARD",
        "",
      ].join("\r\n"),
    );
  });

  it("never writes a channel whose share flag is off", () => {
    const card = shareCardVCard(shareCard(allFlagsOff));
    for (const value of HIDDEN_VALUES) expect(card).not.toContain(value);
    expect(card).not.toMatch(/^(EMAIL|TEL|URL|X-SOCIALPROFILE)/m);
    expect(unfold(card).split("\r\n")).toEqual([
      "BEGIN:VCARD",
      "VERSION:3.0",
      "N:Laurent;Camille;;;",
      "FN:Camille Laurent",
      "NOTE:Creative director with a weakness for tailoring and quiet luxury.",
      "END:VCARD",
      "",
    ]);
  });

  it.each([
    ["share_email", "EMAIL;TYPE=INTERNET:owner@releve.local"],
    ["share_mobile", "TEL;TYPE=CELL:+33612345678"],
    ["share_website", "URL:https://hidden-site.example"],
    ["share_instagram", "X-SOCIALPROFILE;TYPE=instagram:https://www.instagram.com/camille.laurent/"],
    ["share_linkedin", "X-SOCIALPROFILE;TYPE=linkedin:https://www.linkedin.com/in/hidden-linkedin"],
    ["share_tiktok", "X-SOCIALPROFILE;TYPE=tiktok:https://www.tiktok.com/@hiddentiktok"],
    ["share_facebook", "X-SOCIALPROFILE;TYPE=facebook:https://www.facebook.com/hiddenfacebook"],
    ["share_twitter", "X-SOCIALPROFILE;TYPE=twitter:https://x.com/hiddentwitter"],
  ] as const)("%s adds exactly its own line", (flag, line) => {
    const lines = unfold(shareCardVCard(shareCard({ ...allFlagsOff, [flag]: true }))).split("\r\n");
    const channelLines = lines.filter((l) => /^(EMAIL|TEL|URL|X-SOCIALPROFILE)/.test(l));
    expect(channelLines).toEqual([line]);
  });

  it("uses CRLF for every line break and ends with one", () => {
    const card = toVCard({ ...minimal, note: "one\ntwo\r\nthree" });
    expect(card.endsWith("END:VCARD\r\n")).toBe(true);
    expect(card).not.toMatch(/[^\r]\n/);
    expect(card).not.toMatch(/\r[^\n]/);
    expect(card).toContain("NOTE:one\\ntwo\\nthree\r\n");
  });

  it("escapes names so a comma or semicolon cannot shift the N components", () => {
    const card = toVCard({
      name: "Laurent, Camille; \\ CL",
      firstName: "Ca;mille",
      lastName: "Lau,rent",
      channels: [],
    });
    expect(card).toContain("\r\nN:Lau\\,rent;Ca\\;mille;;;\r\n");
    expect(card).toContain("\r\nFN:Laurent\\, Camille\\; \\\\ CL\r\n");
  });

  it("cannot be made to start a property from a stored value", () => {
    const card = toVCard({
      ...minimal,
      channels: [
        { kind: "email", label: "Email", value: "a@b.example\r\nTEL:999", href: "mailto:a@b.example" },
        { kind: "website", label: "Website", value: "x", href: "https://x.example/\nEMAIL:evil@x.example" },
      ],
      note: "hi\nURL:https://evil.example",
    });
    const lines = unfold(card).split("\r\n");
    expect(lines.filter((l) => l.startsWith("TEL"))).toEqual([]);
    expect(lines.filter((l) => l.startsWith("EMAIL"))).toEqual(["EMAIL;TYPE=INTERNET:a@b.example\\nTEL:999"]);
    expect(lines.filter((l) => l.startsWith("URL"))).toEqual(["URL:https://x.example/%0AEMAIL:evil@x.example"]);
  });

  it("folds a long UTF-8 bio at byte boundaries and unfolds back to the same text", () => {
    const bio =
      "Directrice de création à Paris — tailleur, soie et élégance discrète 🧵✨. Née à Zürich, formée à l'École " +
      "de la chambre syndicale; j'aime les défilés, le café crème et les vestes croisées 👗👠💼. 日本の着物も好きです。";
    const card = toVCard({ ...minimal, note: bio });
    const lines = byteLines(card);
    expect(lines.some((l) => l.length === 75 || l.length === 74 || l.length === 73)).toBe(true);
    for (const line of lines) {
      expect(line.length).toBeLessThanOrEqual(75);
      // fatal: a split multi-byte character would throw here.
      expect(() => new TextDecoder("utf-8", { fatal: true }).decode(line)).not.toThrow();
    }
    const noteLine = unfold(card)
      .split("\r\n")
      .find((l) => l.startsWith("NOTE:"));
    expect(noteLine).toBe(`NOTE:${escapeText(bio)}`);
    expect(lines.length).toBeGreaterThan(6);
  });

  it("writes a plain http(s) url and ignores any other scheme", () => {
    expect(toVCard({ ...minimal, url: "https://releve.example/share/mb-001" })).toContain(
      "\r\nURL:https://releve.example/share/mb-001\r\n",
    );
    expect(toVCard({ ...minimal, url: "javascript:alert(1)" })).not.toContain("URL");
  });

  it("writes N with empty components when the names are unknown", () => {
    expect(toVCard(minimal)).toBe("BEGIN:VCARD\r\nVERSION:3.0\r\nN:;A;;;\r\nFN:A\r\nEND:VCARD\r\n");
  });
});

describe("visibleLastName", () => {
  it("keeps the last name only when the public name already shows it", () => {
    expect(visibleLastName("Camille Laurent", "Laurent")).toBe("Laurent");
    expect(visibleLastName("Cam L.", "Laurent")).toBeNull();
    expect(visibleLastName("Camille", null)).toBeNull();
    expect(visibleLastName("Camille", "  ")).toBeNull();
  });

  it("leaves a last name hidden behind a display name out of the card", () => {
    const profile = { ...demoOwner, display_name: "Cam L." };
    expect(publicProfile(profile).name).toBe("Cam L.");
    const card = shareCardVCard(shareCard(profile));
    expect(card).not.toContain("Laurent");
    expect(card).toContain("\r\nN:;Camille;;;\r\nFN:Cam L.\r\n");
  });
});
