import type { Db } from "@releve/db";
import type { ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub, RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { cloudflareContext, userContext } from "../context";
import type { WebEnv } from "../env.server";
import * as logout from "../features/accounts/logout";
import * as onboarding from "../features/accounts/onboarding.profile";
import * as profileSetup from "../features/accounts/profile-setup";
import type { SessionUser } from "../features/accounts/session.server";
import * as connections from "../features/crm/connections";
import * as analytics from "../features/crm/dashboard.analytics";
import * as contacts from "../features/crm/dashboard.contacts";
import * as event from "../features/crm/dashboard.event";
import * as events from "../features/crm/dashboard.events";
import * as contactCard from "../features/sharing/contact";
import * as share from "../features/sharing/share";
import * as claim from "../features/wardrobe/claim";
import * as garmentPage from "../features/wardrobe/dashboard.garment";
import * as wardrobe from "../features/wardrobe/dashboard.wardrobe";
import * as registration from "../features/wardrobe/garment-registration";
import * as tapRegister from "../features/wardrobe/tap-register";
import { getToast } from "../lib/toast.server";
import * as adminLogin from "./admin.login";
import * as dashboard from "./dashboard";

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

/** A route's loader meets a database that is down; its ErrorBoundary's page. */
async function failedPage(
  path: string,
  pattern: string,
  route: { loader: (args: never) => unknown; ErrorBoundary: ComponentType },
  params: Record<string, string> = {},
): Promise<string> {
  const error = await thrownBy(() =>
    route.loader({ request: request(path), context: context(downDb), params } as never),
  );
  const logged = vi.spyOn(console, "error").mockImplementation(() => {});
  const html = boundary(pattern, route.ErrorBoundary, error);
  logged.mockRestore();
  return html;
}

describe("the owner pages' load failures say the spec's words (spec part 1 §8, part 2 §8; issue #35)", () => {
  it("/dashboard: 'Failed to load dashboard data'", async () => {
    expect(await failedPage("/dashboard", "/dashboard", dashboard)).toContain("Failed to load dashboard data");
  });
  it("/connections: 'Failed to load connections'", async () => {
    expect(await failedPage("/connections", "/connections", connections)).toContain("Failed to load connections");
  });
  it("/dashboard/contacts: 'Failed to load contacts'", async () => {
    expect(await failedPage("/dashboard/contacts", "/dashboard/contacts", contacts)).toContain(
      "Failed to load contacts",
    );
  });
  it("/dashboard/events and an event: 'Error: Failed to load events'", async () => {
    for (const html of [
      await failedPage("/dashboard/events", "/dashboard/events", events),
      await failedPage("/dashboard/events/1", "/dashboard/events/:eventId", event, { eventId: "1" }),
    ]) {
      expect(html).toContain(">Error</h1>");
      expect(html).toContain("Failed to load events");
    }
  });
  it("/dashboard/analytics: 'Error: Failed to load dashboard data'", async () => {
    const html = await failedPage("/dashboard/analytics", "/dashboard/analytics", analytics);
    expect(html).toContain(">Error</h1>");
    expect(html).toContain("Failed to load dashboard data");
  });
  it("the contact card: 'Error: Could not load user profile.'", async () => {
    const html = await failedPage(`/contact?id=${"a".repeat(32)}`, "/contact", contactCard);
    expect(html).toContain("Could not load user profile.");
  });
  it("the claim page: 'An unexpected error occurred. Please try again.'", async () => {
    const html = await failedPage("/claim/mb-001", "/claim/:slug", claim, { slug: "mb-001" });
    expect(html).toContain("Claim Failed");
    expect(html).toContain("An unexpected error occurred. Please try again.");
  });
});

const post = (path: string, fields: Record<string, string>) =>
  new Request(`http://localhost:4173${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });

/** What an action answered: its status and body (a `data()` or a Response). */
async function answered(run: () => unknown): Promise<{ status: number; body: unknown; headers: Headers | null }> {
  let result: unknown;
  try {
    result = await run();
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) return { status: result.status, body: null, headers: result.headers };
  const wrapped = result as { data?: unknown; init?: { status?: number } };
  return { status: wrapped.init?.status ?? 200, body: wrapped.data, headers: null };
}

describe("actions that meet a failing database say what the spec says (issue #35)", () => {
  it("a profile that cannot be saved: 'Failed to create profile', what was typed kept", async () => {
    const fields = { first_name: "Ada", last_name: "Lovelace", email: "a@example.com", share_email: "on" };
    for (const [path, route] of [
      ["/profile-setup", profileSetup],
      ["/onboarding/profile", onboarding],
    ] as const) {
      const logged = vi.spyOn(console, "error").mockImplementation(() => {});
      const res = await answered(() =>
        route.action({ request: post(path, fields), context: context(downDb), params: {} } as never),
      );
      expect(logged).toHaveBeenCalled();
      logged.mockRestore();
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({
        fieldErrors: { form: "Failed to create profile" },
        values: { first_name: "Ada" },
      });
    }
  });

  it("a share form whose card cannot be checked: 'Failed to connect'", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const res = await answered(() =>
      share.action({
        request: post("/share/cg-003", { first_name: "Guest", email: "guest@example.com" }),
        context: context(downDb),
        params: { slug: "cg-003" },
      } as never),
    );
    logged.mockRestore();
    expect(res).toMatchObject({ status: 503, body: { formError: "Failed to connect" } });
  });

  it("a garment page that cannot load: back to the wardrobe, 'Failed to load garment details'", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const res = await answered(() =>
      garmentPage.loader({
        request: request("/dashboard/garment/3"),
        context: context(downDb),
        params: { garmentId: "3" },
      } as never),
    );
    logged.mockRestore();
    expect(res.status).toBe(302);
    expect(res.headers?.get("Location")).toBe("/dashboard/wardrobe");
    const cookie =
      res.headers
        ?.getSetCookie()
        .find((c) => c.startsWith("releve_toast="))
        ?.split(";")[0] ?? "";
    const { toast } = await getToast(new Request("http://localhost:4173/", { headers: { Cookie: cookie } }), env);
    expect(toast).toMatchObject({ type: "error", title: "Failed to load garment details" });
  });
});

describe("registration by tap and the admin sign-in say the spec's words (spec part 2 §8; issue #35)", () => {
  const signedOut = () => {
    const ctx = context(downDb);
    ctx.set(userContext, null);
    return ctx;
  };

  it("/tap-register: signed out 'Authentication Error', no code 'Missing user or NFC data', no database 'Connection Failed'", async () => {
    const run = (fields: Record<string, string>, ctx: RouterContextProvider) =>
      answered(() => tapRegister.action({ request: post("/tap-register", fields), context: ctx, params: {} } as never));
    expect(await run({ slug: "mb-001" }, signedOut())).toMatchObject({
      status: 401,
      body: { error: { title: "Authentication Error" } },
    });
    expect(await run({ slug: "Not a code!" }, context(downDb))).toMatchObject({
      status: 400,
      body: { error: { title: "Registration Failed", message: "Missing user or NFC data" } },
    });
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await run({ slug: "mb-001" }, context(downDb))).toMatchObject({
      status: 503,
      body: { error: { title: "Connection Failed", message: "Please try again or contact support." } },
    });
    logged.mockRestore();
  });

  it("/admin/login: a database out of reach says 'An unexpected error occurred' and opens no session", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const res = await answered(() =>
      adminLogin.action({
        request: post("/admin/login", { email: "admin@releve.local", password: "whatever-it-is" }),
        context: signedOut(),
        params: {},
      } as never),
    );
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
    expect(res).toMatchObject({ status: 503, body: { ok: false, message: "An unexpected error occurred" } });
  });
});
