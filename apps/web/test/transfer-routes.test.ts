/**
 * The screens of a transfer (issue #32), through their route modules: the transfer link's page
 * (forged, spent, offered, accepted), the owner's steps on the garment page, the request on the
 * claim page and its answer on the dashboard. Every refusal changes nothing.
 */
import { env } from "cloudflare:workers";
import { TRANSFER_MESSAGES, TRANSFER_REQUEST_MESSAGE_MAX } from "@releve/core/wardrobe/transfer";
import { getDb } from "@releve/db";
import { requestsToAnswer } from "@releve/db/ownership/queries";
import { readCachedTapRoute } from "@releve/db/tap/cache";
import { createGarment, createOwner, type TestOwner } from "@releve/db/testing/factories";
import { claimAs } from "@releve/verbs/testing/pieces";
import { describe, expect, it } from "vitest";
import type { WebEnv } from "../app/env.server";
import * as transferPage from "../app/features/ownership/transfer";
import { linkToken } from "../app/features/ownership/transfer.server";
import * as claimPage from "../app/features/wardrobe/claim";
import * as garmentPage from "../app/features/wardrobe/dashboard.garment";
import * as dashboard from "../app/routes/dashboard";
import { args, outcome, routeContext } from "./route-support";

const db = getDb(env.DB);
const webEnv = env as unknown as WebEnv;
const ORIGIN = "https://releve.test";

const as = (owner: TestOwner | null) =>
  routeContext(db, owner ? { userId: owner.userId, email: "x@example.com" } : null);
const post = (path: string, fields: Record<string, string>) =>
  new Request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
const get = (path: string) => new Request(`${ORIGIN}${path}`);

const transfers = async (garmentId: number) =>
  (
    await env.DB.prepare("select id, kind, status from ownership_transfers where garment_id = ? order by id")
      .bind(garmentId)
      .all<{ id: number; kind: string; status: string }>()
  ).results;
const ownerOf = async (garmentId: number) =>
  (
    await env.DB.prepare("select owner_user_id from garments where id = ?")
      .bind(garmentId)
      .first<{ owner_user_id: string }>()
  )?.owner_user_id;

async function ownedPiece() {
  const seller = await createOwner(db);
  const garment = await createGarment(db, { fields: { name: "Route Coat" } });
  await claimAs(db, seller.userId, garment.slug);
  return { seller, garment };
}

/** The seller makes a link from the garment page; its token, as the page shows it. */
async function makeLink(seller: TestOwner, garmentId: number) {
  const made = await outcome(() =>
    garmentPage.action(
      args(post(`/dashboard/garment/${garmentId}`, { intent: "transfer" }), as(seller), {
        garmentId: String(garmentId),
      }),
    ),
  );
  expect(made).toMatchObject({ status: 302, location: `/dashboard/garment/${garmentId}#ownership` });
  const page = await outcome(() =>
    garmentPage.loader(args(get(`/dashboard/garment/${garmentId}`), as(seller), { garmentId: String(garmentId) })),
  );
  const transfer = (page.body as { transfer: { url: string; qr: string; expires: string } | null }).transfer;
  expect(transfer?.url).toMatch(new RegExp(`^${ORIGIN}/transfer/\\d+\\.[A-Za-z0-9_-]{43}$`));
  expect(transfer?.qr).toMatch(/^data:image\/svg\+xml/);
  return transfer?.url.split("/transfer/")[1] ?? "";
}

describe("the transfer link's page (issue #32)", () => {
  it("a forged or truncated token is a 404; a stranger sees the piece, never the seller, and signs up with the link kept", async () => {
    const { seller, garment } = await ownedPiece();
    const token = await makeLink(seller, garment.id);
    for (const bad of [token.slice(0, -2), `${token.split(".")[0]}.${"A".repeat(43)}`, "garbage"]) {
      const answer = await outcome(() => transferPage.loader(args(get(`/transfer/${bad}`), as(null), { token: bad })));
      expect(answer.status).toBe(404);
    }
    const request = get(`/transfer/${token}`);
    let cookie = "";
    try {
      const response = await transferPage.loader(args(request, as(null), { token }));
      const init = (response as { init?: { headers?: Record<string, string> } }).init;
      cookie = init?.headers?.["Set-Cookie"] ?? "";
    } catch (thrown) {
      throw new Error(`loader threw: ${String(thrown)}`);
    }
    expect(cookie).toMatch(/^releve_pending_claim=/);
    const offer = await outcome(() => transferPage.loader(args(request, as(null), { token })));
    expect(offer.body).toMatchObject({ state: "offer", signedIn: false, piece: { labels: { name: "Route Coat" } } });
    expect(JSON.stringify(offer.body)).not.toContain(seller.userId);
  });

  it("accept: the piece moves, the tap follows, the link is then 'no longer valid' and changes nothing", async () => {
    const { seller, garment } = await ownedPiece();
    const buyer = await createOwner(db);
    const token = await makeLink(seller, garment.id);
    const own = await outcome(() => transferPage.loader(args(get(`/transfer/${token}`), as(seller), { token })));
    expect(own.body).toMatchObject({ state: "own", live: true });
    const refusedOwn = await outcome(() =>
      transferPage.action(args(post(`/transfer/${token}`, {}), as(seller), { token })),
    );
    expect(refusedOwn).toMatchObject({ status: 409, body: { refusal: { message: TRANSFER_MESSAGES.ownLink } } });

    const accepted = await outcome(() =>
      transferPage.action(args(post(`/transfer/${token}`, {}), as(buyer), { token })),
    );
    expect(accepted).toMatchObject({ status: 302, location: `/dashboard/wardrobe?claimed=${garment.id}` });
    expect(await ownerOf(garment.id)).toBe(buyer.userId);
    expect(await readCachedTapRoute(env.TAP_KV, garment.slug)).toMatchObject({ ownerUserId: buyer.userId });

    const third = await createOwner(db);
    const spent = await outcome(() => transferPage.loader(args(get(`/transfer/${token}`), as(third), { token })));
    expect(spent).toMatchObject({ status: 410, body: { refusal: { title: TRANSFER_MESSAGES.invalidLink } } });
    const again = await outcome(() => transferPage.action(args(post(`/transfer/${token}`, {}), as(third), { token })));
    expect(again).toMatchObject({ status: 410, body: { refusal: { title: TRANSFER_MESSAGES.invalidLink } } });
    expect(await ownerOf(garment.id)).toBe(buyer.userId);
  });

  it("a signed-out accept goes to sign in with the link kept", async () => {
    const { seller, garment } = await ownedPiece();
    const token = await makeLink(seller, garment.id);
    const answer = await outcome(() => transferPage.action(args(post(`/transfer/${token}`, {}), as(null), { token })));
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(`/auth?redirect=${encodeURIComponent(`/transfer/${token}`)}`);
    expect(await ownerOf(garment.id)).toBe(seller.userId);
  });
});

describe("the owner's steps on the garment page (issue #32)", () => {
  it("cancel kills the link; release empties the wardrobe; someone else's garment is refused and unchanged", async () => {
    const { seller, garment } = await ownedPiece();
    const token = await makeLink(seller, garment.id);
    const params = { garmentId: String(garment.id) };
    const stranger = await createOwner(db);
    for (const intent of ["transfer", "cancel-transfer", "release"]) {
      const refused = await outcome(() =>
        garmentPage.action(args(post(`/dashboard/garment/${garment.id}`, { intent }), as(stranger), params)),
      );
      expect(refused.status).toBeGreaterThanOrEqual(400);
    }
    expect(await transferPage.loader(args(get(`/transfer/${token}`), as(stranger), { token }))).toMatchObject({
      state: "offer",
    });
    const unknown = await outcome(() =>
      garmentPage.action(args(post(`/dashboard/garment/${garment.id}`, { intent: "sell" }), as(seller), params)),
    );
    expect(unknown).toMatchObject({ status: 400, body: { ownershipError: "Choose what to do." } });

    const cancelled = await outcome(() =>
      garmentPage.action(
        args(post(`/dashboard/garment/${garment.id}`, { intent: "cancel-transfer" }), as(seller), params),
      ),
    );
    expect(cancelled.status).toBe(302);
    expect((await transfers(garment.id)).map((t) => t.status)).toEqual(["cancelled"]);
    const spent = await outcome(() => transferPage.loader(args(get(`/transfer/${token}`), as(stranger), { token })));
    expect(spent.status).toBe(410);

    const released = await outcome(() =>
      garmentPage.action(args(post(`/dashboard/garment/${garment.id}`, { intent: "release" }), as(seller), params)),
    );
    expect(released).toMatchObject({ status: 302, location: "/dashboard/wardrobe" });
    expect(await ownerOf(garment.id)).toBeNull();
    expect(await readCachedTapRoute(env.TAP_KV, garment.slug)).toMatchObject({ status: "unclaimed" });
    const gone = await outcome(() =>
      garmentPage.loader(args(get(`/dashboard/garment/${garment.id}`), as(seller), params)),
    );
    expect(gone.status).toBe(404);
  });
});

describe("a transfer request from the claim page, answered on the dashboard (issue #32)", () => {
  it("request (with a note), then approve: the piece moves to the requester", async () => {
    const { seller, garment } = await ownedPiece();
    const buyer = await createOwner(db);
    const params = { slug: garment.slug };
    const claim = await outcome(() => claimPage.loader(args(get(`/claim/${garment.slug}`), as(buyer), params)));
    expect(claim).toMatchObject({ status: 409, body: { transferRequest: { sentUntil: null } } });

    const tooLong = await outcome(() =>
      claimPage.action(
        args(
          post(`/claim/${garment.slug}`, {
            intent: "request-transfer",
            message: "x".repeat(TRANSFER_REQUEST_MESSAGE_MAX + 1),
          }),
          as(buyer),
          params,
        ),
      ),
    );
    expect(tooLong.status).toBe(400);
    expect(await transfers(garment.id)).toEqual([]);

    const sent = await outcome(() =>
      claimPage.action(
        args(
          post(`/claim/${garment.slug}`, { intent: "request-transfer", message: "Bought in Milan" }),
          as(buyer),
          params,
        ),
      ),
    );
    expect(sent).toMatchObject({ status: 302, location: `/claim/${garment.slug}` });
    const again = await outcome(() => claimPage.loader(args(get(`/claim/${garment.slug}`), as(buyer), params)));
    expect((again.body as { transferRequest: { sentUntil: string | null } }).transferRequest.sentUntil).toMatch(
      /\d{4}/,
    );
    const twice = await outcome(() =>
      claimPage.action(args(post(`/claim/${garment.slug}`, { intent: "request-transfer" }), as(buyer), params)),
    );
    expect(twice).toMatchObject({ status: 409, body: { requestError: TRANSFER_MESSAGES.alreadyRequested } });

    const home = await outcome(() => dashboard.loader(args(get("/dashboard"), as(seller))));
    const [request] = (home.body as { requests: { id: number; message: string; piece: string }[] }).requests;
    expect(request).toMatchObject({ message: "Bought in Milan", piece: "Route Coat" });
    const id = String(request?.id);

    // Only the owner answers: the requester's own post finds nothing, and nothing moves.
    const forged = await outcome(() =>
      dashboard.action(args(post("/dashboard", { intent: "approve-transfer", transferId: id }), as(buyer))),
    );
    expect(forged.status).toBe(404);
    expect(await ownerOf(garment.id)).toBe(seller.userId);

    const approved = await outcome(() =>
      dashboard.action(args(post("/dashboard", { intent: "approve-transfer", transferId: id }), as(seller))),
    );
    expect(approved).toMatchObject({ status: 302, location: "/dashboard" });
    expect(await ownerOf(garment.id)).toBe(buyer.userId);
    expect(await requestsToAnswer(db, seller.userId, Date.now())).toEqual([]);
    expect(webEnv.SESSION_SECRET.length).toBeGreaterThan(0);
    expect(await linkToken(webEnv, 1)).toMatch(/^1\./);
  });

  it("decline leaves the piece where it is", async () => {
    const { seller, garment } = await ownedPiece();
    const buyer = await createOwner(db);
    await outcome(() =>
      claimPage.action(
        args(post(`/claim/${garment.slug}`, { intent: "request-transfer" }), as(buyer), { slug: garment.slug }),
      ),
    );
    const [row] = await transfers(garment.id);
    const declined = await outcome(() =>
      dashboard.action(
        args(post("/dashboard", { intent: "decline-transfer", transferId: String(row?.id) }), as(seller)),
      ),
    );
    expect(declined.status).toBe(302);
    expect((await transfers(garment.id)).map((t) => t.status)).toEqual(["declined"]);
    expect(await ownerOf(garment.id)).toBe(seller.userId);
  });
});
