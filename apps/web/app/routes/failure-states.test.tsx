import type { Db } from "@releve/db";
import type { ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub, RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { cloudflareContext, userContext } from "../context";
import type { WebEnv } from "../env.server";
import * as logout from "../features/accounts/logout";
import type { SessionUser } from "../features/accounts/session.server";
import * as share from "../features/sharing/share";
import * as wardrobe from "../features/wardrobe/dashboard.wardrobe";
import * as registration from "../features/wardrobe/garment-registration";
import { getToast } from "../lib/toast.server";

// The spec's failure texts (issue #16), each in its situation: the route's own loader or action
// meets a database that fails, and its own ErrorBoundary (or toast) says what the spec says.

const env = { APP_ENV: "test", SESSION_SECRET: "x".repeat(40) } as WebEnv;
const user: SessionUser = {
  sessionId: "s1",
  userId: "u1",
  email: "a@example.com",
  firstName: "Ada",
  lastName: "Lovelace",
  emailVerified: true,
  adminRole: "admin",
};

/** A D1 that is down: every query throws. */
const downDb = new Proxy(
  {},
  {
    get() {
      throw new Error("D1_ERROR: the database is unavailable");
    },
  },
) as Db;

/** Just enough of a D1 for `delete(sessions).where(...)` to succeed. */
const upDb = { delete: () => ({ where: async () => undefined }) } as unknown as Db;

function context(db: Db) {
  const ctx = new RouterContextProvider();
  ctx.set(cloudflareContext, { env, db, ctx: {} as ExecutionContext, requestId: "test" });
  ctx.set(userContext, user);
  return ctx;
}

async function thrownBy(run: () => unknown): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error("expected the loader to throw");
}

/** Renders a route's ErrorBoundary as React Router does once its loader threw `error`. */
function boundary(path: string, ErrorBoundary: ComponentType, error: unknown): string {
  const Stub = createRoutesStub([{ id: "route", path, Component: () => null, ErrorBoundary }]);
  return renderToString(<Stub initialEntries={[path]} hydrationData={{ errors: { route: error } }} />);
}

const request = (path: string) => new Request(`http://localhost:4173${path}`);

describe("a failing garments loader says 'Error Loading Garments' (spec part 1 §8)", () => {
  for (const [path, route] of [
    ["/dashboard/wardrobe", wardrobe],
    ["/garment-registration", registration],
  ] as const) {
    it(path, async () => {
      const error = await thrownBy(() =>
        route.loader({ request: request(path), context: context(downDb), params: {} } as never),
      );
      const logged = vi.spyOn(console, "error").mockImplementation(() => {});
      const html = boundary(path, route.ErrorBoundary, error);
      expect(html).toContain("Error Loading Garments");
      expect(html).toContain("There was an issue loading your garments. Please try again.");
      expect(logged).toHaveBeenCalledWith(error);
      logged.mockRestore();
    });
  }
});

describe("a failing share page says 'Failed to load sharing information' (spec part 2 §8)", () => {
  it("/share/<slug>", async () => {
    const path = "/share/cg-003";
    const error = await thrownBy(() =>
      share.loader({ request: request(path), context: context(downDb), params: { slug: "cg-003" } } as never),
    );
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const html = boundary("/share/:slug", share.ErrorBoundary, error);
    expect(html).toContain("Failed to load sharing information");
    logged.mockRestore();
  });
});

describe("the admin portal's Sign Out says 'Signed Out' or 'Failed to sign out' (spec part 2 §8)", () => {
  const signOut = async (db: Db, form: Record<string, string>) => {
    const res = (await logout.action({
      request: new Request("http://localhost:4173/logout", {
        method: "POST",
        body: new URLSearchParams(form),
        headers: { Referer: "http://localhost:4173/admin/nfc-dashboard" },
      }),
      context: context(db),
      params: {},
    } as never)) as Response;
    const cookie =
      res.headers
        .getSetCookie()
        .find((c) => c.startsWith("releve_toast="))
        ?.split(";")[0] ?? "";
    const { toast } = await getToast(new Request("http://localhost:4173/", { headers: { Cookie: cookie } }), env);
    return { location: res.headers.get("Location"), toast };
  };

  it("signed out from the portal", async () => {
    const { location, toast } = await signOut(upDb, { from: "admin" });
    expect(location).toBe("/");
    expect(toast).toMatchObject({ type: "success", title: "Signed Out" });
  });

  it("the session could not be ended: the portal says so and stays", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const { location, toast } = await signOut(downDb, { from: "admin" });
    expect(location).toBe("/admin/nfc-dashboard");
    expect(toast).toMatchObject({ type: "error", title: "Failed to sign out" });
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });

  it("the site's Logout keeps its own words", async () => {
    expect((await signOut(upDb, {})).toast).toMatchObject({ title: "Logged out successfully" });
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    expect((await signOut(downDb, {})).toast).toMatchObject({ type: "error", title: "Logout error" });
    logged.mockRestore();
  });
});
