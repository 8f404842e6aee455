import { describe, expect, it } from "vitest";
import { buildLinkset, findLink, type LinkLevel, linksetHeader, readLinkType } from "./linkset";

const item = "https://r.example/01/09506000134352/21/mb-001";
const product = "https://r.example/01/09506000134352";
const levels: LinkLevel[] = [
  {
    anchor: item,
    itemDescription: "Silk shirt, serial mb-001",
    links: [
      { type: "pip", href: `${item}/passport`, title: "About this piece", mediaType: "text/html", hreflang: ["en"] },
      { type: "registerProduct", href: "https://r.example/claim/mb-001", title: "Claim this piece" },
    ],
    defaultHref: `${item}/passport`,
  },
  {
    anchor: product,
    itemDescription: "Silk shirt",
    links: [
      { type: "pip", href: "https://r.example/products/09506000134352", title: "The model" },
      { type: "instructions", href: "https://r.example/products/09506000134352#care", title: "Care" },
    ],
    defaultHref: "https://r.example/products/09506000134352",
  },
];

describe("linksets (RFC 9264, GS1 resolver 1.2; issue #31)", () => {
  it("anchors one context per level, keys links by full URI, and has exactly one default each", () => {
    const { linkset } = buildLinkset(levels);
    expect(linkset.map((c) => c.anchor)).toEqual([item, product]);
    expect(linkset[0]).toEqual({
      anchor: item,
      itemDescription: "Silk shirt, serial mb-001",
      "https://gs1.org/voc/pip": [
        { href: `${item}/passport`, title: "About this piece", type: "text/html", hreflang: ["en"] },
      ],
      "https://gs1.org/voc/registerProduct": [{ href: "https://r.example/claim/mb-001", title: "Claim this piece" }],
      // The default carries href and title only, and is also listed under its descriptive type.
      "https://gs1.org/voc/defaultLink": [{ href: `${item}/passport`, title: "About this piece" }],
    });
    for (const context of linkset) {
      expect(context["https://gs1.org/voc/defaultLink"]).toHaveLength(1);
      // GS1's schema: keys are IANA names or full URIs, never CURIEs.
      for (const key of Object.keys(context))
        expect(key).toMatch(/^(anchor|itemDescription|https:\/\/gs1\.org\/voc\/\w+)$/);
    }
  });

  it("refuses a level whose default is not one of its links", () => {
    expect(() => buildLinkset([{ ...levels[1], defaultHref: "https://elsewhere.example" } as LinkLevel])).toThrow(
      /default/,
    );
  });

  it("finds a type at the most precise level that has it", () => {
    expect(findLink(levels, "pip")?.href).toBe(`${item}/passport`);
    expect(findLink(levels, "instructions")?.href).toBe("https://r.example/products/09506000134352#care");
    expect(findLink(levels, "defaultLink")?.href).toBe(`${item}/passport`);
    expect(findLink(levels, "serviceInfo")).toBeNull();
    // Content negotiation: the default asked in a media type is the level's pip in it, else the default.
    const withJsonLd: LinkLevel[] = [
      {
        ...levels[0],
        links: [
          ...(levels[0]?.links ?? []),
          { type: "pip", href: `${item}.jsonld`, title: "JSON-LD", mediaType: "application/ld+json" },
        ],
      } as LinkLevel,
      ...levels.slice(1),
    ];
    expect(findLink(withJsonLd, "defaultLink", "application/ld+json")?.href).toBe(`${item}.jsonld`);
    expect(findLink(withJsonLd, "pip", "application/ld+json")?.href).toBe(`${item}.jsonld`);
    expect(findLink(withJsonLd, "pip")?.href).toBe(`${item}/passport`);
    expect(findLink(levels, "defaultLink", "application/ld+json")?.href).toBe(`${item}/passport`);
  });

  it("reads ?linkType= as a CURIE, a full URI in any GS1 namespace, or linkset/all", () => {
    expect(readLinkType("gs1:pip")).toBe("pip");
    expect(readLinkType("https://gs1.org/voc/pip")).toBe("pip");
    expect(readLinkType("https://ref.gs1.org/voc/instructions")).toBe("instructions");
    expect(readLinkType("https://www.gs1.org/voc/defaultLink")).toBe("defaultLink");
    expect(readLinkType("linkset")).toBe("linkset");
    expect(readLinkType("all")).toBe("linkset");
    expect(readLinkType("gs1:nosuchlt")).toBeNull();
    expect(readLinkType("pip")).toBeNull();
    expect(readLinkType("https://example.com/voc/pip")).toBeNull();
  });

  it("points every answer at its linkset", () => {
    expect(linksetHeader(`${item}?linkType=linkset`)).toBe(
      `<${item}?linkType=linkset>; rel="linkset"; type="application/linkset+json"`,
    );
  });
});
