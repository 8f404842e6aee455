/**
 * The brand's news & offers list (issue #33): consent is the only way in, and a withdrawn or
 * deleted person never appears in a later export.
 */
import { env } from "cloudflare:workers";
import { readCsvRecords } from "@releve/core/platform/csv-read";
import { withdrawToken } from "@releve/core/sharing/withdraw";
import { getDb } from "@releve/db";
import { deleteAccount } from "@releve/db/accounts/deletion";
import { users } from "@releve/db/schema";
import { createContact, createOwner } from "@releve/db/testing/factories";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as withdrawPage from "../app/features/sharing/withdraw";
import { adminApiCallers } from "./admin-support";
import { args, outcome, routeContext } from "./route-support";

const db = getDb(env.DB);
const { call } = adminApiCallers();
const SECRET = (env as unknown as { SESSION_SECRET: string }).SESSION_SECRET;
const stores = { DB: env.DB, TAP_KV: env.TAP_KV };

async function exported(): Promise<string[][]> {
  const res = await call("admin", "GET", "/news-list/export.csv");
  expect(res.status).toBe(200);
  expect(res.headers.get("content-disposition")).toMatch(
    /^attachment; filename="news-and-offers_\d{4}-\d{2}-\d{2}\.csv"$/,
  );
  const parsed = readCsvRecords(await res.text());
  if (!("records" in parsed)) throw new Error(parsed.problem.message);
  return parsed.records.map((r) => r.record);
}

describe("the news & offers list", () => {
  it("holds only those who consented; a withdrawal or a deleted account takes them out of every later export", async () => {
    const owner = await createOwner(db);
    const yes = await createContact(db, owner.userId, {
      first_name: "Oui",
      email: "oui@example.com",
      phone: "+33 6 12 34 56 78",
      consent_marketing: true,
    });
    await createContact(db, owner.userId, { first_name: "Non", email: "non@example.com", consent_marketing: false });
    const withdrawing = await createContact(db, owner.userId, {
      first_name: "Withdraws",
      email: "w@example.com",
      consent_marketing: true,
    });
    const leaving = await createOwner(db, { emailVerified: true });
    const leavingEmail =
      (await db.select({ email: users.email }).from(users).where(eq(users.id, leaving.userId)).get())?.email ?? "";
    await createContact(db, owner.userId, { first_name: "Leaves", email: leavingEmail, consent_marketing: true });

    const before = await exported();
    expect(before[0]).toEqual(["First Name", "Last Name", "Email", "Phone", "Source", "Consented"]);
    const emails = before.slice(1).map((r) => r[2]);
    expect(emails).toEqual(expect.arrayContaining(["oui@example.com", "w@example.com", leavingEmail]));
    expect(emails).not.toContain("non@example.com");
    // The phone in E.164, which starts no formula (decision 0069).
    expect(before.find((r) => r[2] === "oui@example.com")?.[3]).toBe("+33612345678");
    expect(yes).toBeGreaterThan(0);

    const token = await withdrawToken(SECRET, withdrawing);
    const done = await outcome(() =>
      withdrawPage.action(
        args(new Request(`https://releve.test/withdraw/${token}`, { method: "POST" }), routeContext(db, null), {
          token,
        }),
      ),
    );
    expect(done.status).toBe(200);
    expect((await deleteAccount(db, stores, leaving.userId)).status).toBe("deleted");

    const after = (await exported()).slice(1).map((r) => r[2]);
    expect(after).toContain("oui@example.com");
    expect(after).not.toContain("w@example.com");
    expect(after).not.toContain(leavingEmail);
    expect(after).not.toContain("non@example.com");
  });

  it("is staff only", async () => {
    expect((await call("client", "GET", "/news-list/export.csv")).status).toBe(403);
    expect((await call("visitor", "GET", "/news-list/export.csv")).status).toBe(401);
  });
});
