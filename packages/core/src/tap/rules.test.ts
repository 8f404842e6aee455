import { describe, expect, it } from "vitest";
import {
  decideDoor,
  decideTap,
  isBrandContactEmail,
  parseTapKvRecord,
  parseTapRoute,
  type TapRoute,
  tapKvKey,
  tapKvRecord,
  viewerKindOf,
} from "./rules";

const OWNER = "0a3419c2-f4ea-4a2a-bbeb-6ea4fe8a6938";
const OTHER = "3df47925-e587-4f6d-a90a-01d4c566f8a7";

const route = (over: Partial<TapRoute> = {}): TapRoute => ({
  garmentId: 3,
  slug: "cg-003",
  status: "claimed",
  active: true,
  ownerUserId: OWNER,
  sharingEnabled: true,
  activeEventId: null,
  ...over,
});

const unclaimed = () => route({ garmentId: 1, slug: "mb-001", status: "unclaimed", ownerUserId: null });

describe("decideTap: every row of the tap rule (docs/architecture.md)", () => {
  it("unknown slug: the 'Invalid garment link' page for anyone", () => {
    for (const viewer of [null, OWNER, OTHER]) {
      expect(decideTap(null, viewer)).toEqual({ outcome: "not_found", status: 404, message: "Invalid garment link" });
    }
  });

  it("inactive garment: the same page for anyone, owner included, claimed or not", () => {
    for (const r of [route({ active: false }), { ...unclaimed(), active: false }]) {
      for (const viewer of [null, OWNER, OTHER]) expect(decideTap(r, viewer).outcome).toBe("not_found");
    }
  });

  it("unclaimed: /claim/:slug for anyone", () => {
    expect(decideTap(unclaimed(), null)).toEqual({
      outcome: "claim",
      status: 302,
      location: "/claim/mb-001",
      garmentId: 1,
      viewer: "anonymous",
    });
    expect(decideTap(unclaimed(), OTHER)).toMatchObject({ location: "/claim/mb-001", viewer: "visitor" });
  });

  it("claimed, tapped by its owner: the owner's garment page", () => {
    expect(decideTap(route(), OWNER)).toEqual({
      outcome: "owner_dashboard",
      status: 302,
      location: "/dashboard/garment/3",
      garmentId: 3,
      viewer: "owner",
    });
    // Sharing off changes nothing for the owner.
    expect(decideTap(route({ sharingEnabled: false }), OWNER)).toMatchObject({ location: "/dashboard/garment/3" });
  });

  it("claimed, sharing on, anyone else: the visitor share page", () => {
    expect(decideTap(route(), null)).toEqual({
      outcome: "share",
      status: 302,
      location: "/share/cg-003",
      garmentId: 3,
      viewer: "anonymous",
    });
    expect(decideTap(route(), OTHER)).toMatchObject({ outcome: "share", location: "/share/cg-003", viewer: "visitor" });
  });

  it("claimed, sharing off, anyone else: the share page, which says the profile is not available", () => {
    const off = route({ sharingEnabled: false });
    expect(decideTap(off, null)).toMatchObject({ outcome: "share_unavailable", location: "/share/cg-003" });
    expect(decideTap(off, OTHER)).toMatchObject({ outcome: "share_unavailable", viewer: "visitor" });
  });

  it("reported lost or stolen: the neutral 'reported missing' answer for anyone, owner included, no location", () => {
    for (const missing of ["lost", "stolen"] as const) {
      for (const r of [route({ missing }), { ...unclaimed(), missing }]) {
        for (const viewer of [null, OWNER, OTHER]) {
          const decision = decideTap(r, viewer);
          expect(decision).toMatchObject({
            outcome: "missing",
            status: 200,
            message: "This garment has been reported missing",
            missing,
            garmentId: r.garmentId,
          });
          expect(decision).not.toHaveProperty("location");
        }
      }
    }
    // Inactive wins: a deactivated garment is simply not found.
    expect(decideTap(route({ missing: "stolen", active: false }), null).outcome).toBe("not_found");
  });

  it("claimed with its owner account gone: never claimable again, shown as sharing off", () => {
    const orphan = route({ ownerUserId: null });
    expect(decideTap(orphan, OTHER)).toMatchObject({ outcome: "share_unavailable", location: "/share/cg-003" });
    expect(decideTap(orphan, null)).toMatchObject({ viewer: "anonymous" });
  });
});

describe("viewerKindOf", () => {
  it("tells owner, visitor (signed in, someone else) and anonymous apart", () => {
    expect(viewerKindOf(route(), OWNER)).toBe("owner");
    expect(viewerKindOf(route(), OTHER)).toBe("visitor");
    expect(viewerKindOf(route(), null)).toBe("anonymous");
    expect(viewerKindOf(unclaimed(), OTHER)).toBe("visitor");
  });
});

describe("the KV record", () => {
  it("round-trips a route and a negative entry", () => {
    const r = route({ activeEventId: 2 });
    expect(parseTapKvRecord(JSON.parse(JSON.stringify(tapKvRecord(r))), "cg-003")).toEqual(r);
    expect(parseTapKvRecord(tapKvRecord(null), "cg-003")).toBeNull();
    expect(tapKvKey("cg-003")).toBe("slug:cg-003");
  });

  it("treats absent, malformed, foreign-version or misfiled values as a miss", () => {
    const misses: unknown[] = [
      null,
      undefined,
      "cg-003",
      {},
      { v: 2, route: null },
      { v: 1 },
      { v: 1, route: { ...route(), garmentId: "3" } },
      { v: 1, route: { ...route(), status: "lost" } },
      { v: 1, route: { ...route(), slug: "CG 003" } },
      { v: 1, route: { ...route(), ownerUserId: "" } },
    ];
    for (const value of misses) expect(parseTapKvRecord(value, "cg-003"), JSON.stringify(value)).toBeUndefined();
    expect(parseTapKvRecord(tapKvRecord(route()), "sj-004")).toBeUndefined();
  });
});

describe("parseTapRoute", () => {
  it("keeps exactly the route's fields", () => {
    expect(parseTapRoute({ ...route(), extra: "dropped" })).toEqual(route());
    expect(parseTapRoute(route({ missing: "stolen" }))).toEqual(route({ missing: "stolen" }));
    // A record without the field, or with null, is a route with nothing reported.
    expect(parseTapRoute({ ...route(), missing: null })).toStrictEqual(route());
    expect(parseTapRoute(route({ ownerUserId: null, activeEventId: 7 }))).toEqual(
      route({ ownerUserId: null, activeEventId: 7 }),
    );
    // A secure tag's UID and key version (issue #21); nothing else of it.
    const secure = { uid: "04DE5F1EACC040", keyVersion: 2 };
    expect(parseTapRoute({ ...route(), secure: { ...secure, key: "never" } })).toStrictEqual(route({ secure }));
    expect(parseTapRoute({ ...route(), secure: null })).toStrictEqual(route());
  });

  it("rejects anything off-shape", () => {
    const bad: unknown[] = [
      null,
      "route",
      [],
      { ...route(), garmentId: 0 },
      { ...route(), garmentId: 1.5 },
      { ...route(), garmentId: Number.NaN },
      { ...route(), slug: "" },
      { ...route(), missing: "found" },
      { ...route(), missing: true },
      { ...route(), slug: "a".repeat(65) },
      { ...route(), status: "CLAIMED" },
      { ...route(), active: 1 },
      { ...route(), sharingEnabled: "true" },
      { ...route(), ownerUserId: "x".repeat(65) },
      { ...route(), activeEventId: -1 },
      { ...route(), secure: { uid: "04de5f1eacc040", keyVersion: 1 } },
      { ...route(), secure: { uid: "04DE5F1EACC0", keyVersion: 1 } },
      { ...route(), secure: { uid: "04DE5F1EACC040", keyVersion: 0 } },
      { ...route(), secure: { uid: "04DE5F1EACC040" } },
      { ...route(), secure: "04DE5F1EACC040" },
      (({ ownerUserId: _, ...rest }) => rest)(route()),
      (({ activeEventId: _, ...rest }) => rest)(route()),
    ];
    for (const value of bad) expect(parseTapRoute(value), JSON.stringify(value)).toBeNull();
  });
});

describe("decideDoor: every public door agrees with a visitor's tap (issue #28)", () => {
  const SECURE = { uid: "04A1B2C3D4E5F6", keyVersion: 1 };
  const open = { cardWindow: false };
  const inWindow = { cardWindow: true };

  it("unknown, inactive: not found, window or not", () => {
    for (const door of [open, inWindow]) {
      expect(decideDoor(null, door)).toBe("not_found");
      expect(decideDoor(route({ active: false }), door)).toBe("not_found");
      expect(decideDoor(route({ active: false, secure: SECURE }), door)).toBe("not_found");
    }
  });

  it("lost or stolen: the missing page, secure or not", () => {
    for (const missing of ["lost", "stolen"] as const) {
      expect(decideDoor(route({ missing }), open)).toBe("missing");
      expect(decideDoor(route({ missing, secure: SECURE }), open)).toBe("missing");
    }
  });

  it("unclaimed or released: the claim page", () => {
    expect(decideDoor(unclaimed(), open)).toBe("claim");
  });

  it("claimed: the card, or 'not available' when sharing is off", () => {
    expect(decideDoor(route(), open)).toBe("open");
    expect(decideDoor(route({ sharingEnabled: false }), open)).toBe("sharing_off");
  });

  it("secure: nothing without the verified tap's window, the card within it", () => {
    expect(decideDoor(route({ secure: SECURE }), open)).toBe("not_authenticated");
    expect(decideDoor(route({ secure: SECURE, sharingEnabled: false }), open)).toBe("not_authenticated");
    expect(decideDoor({ ...unclaimed(), secure: SECURE }, open)).toBe("not_authenticated");
    expect(decideDoor(route({ secure: SECURE }), inWindow)).toBe("open");
    expect(decideDoor(route({ secure: SECURE, sharingEnabled: false }), inWindow)).toBe("sharing_off");
  });
});

describe("isBrandContactEmail (issue #35)", () => {
  it("takes one plain address, and nothing a page or a mailto: link could carry", () => {
    for (const ok of ["care@releve.example.com", "found-it+tags@maison.releve.fr", "a.b@x.io"]) {
      expect(isBrandContactEmail(ok)).toBe(true);
    }
    for (const bad of [
      undefined,
      "",
      "care",
      "care@releve",
      "a@b.c",
      "care@releve.example.com?subject=hi",
      '"><script>@x.com',
      "a b@x.com",
      "a@x.com, b@y.com",
      `${"a".repeat(250)}@x.com`,
    ]) {
      expect(isBrandContactEmail(bad)).toBe(false);
    }
  });
});
