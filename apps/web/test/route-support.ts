import { env } from "cloudflare:workers";
import type { Db } from "@releve/db";
import { RouterContextProvider } from "react-router";
import { cloudflareContext, userContext } from "../app/context";
import type { WebEnv } from "../app/env.server";

// Shared by the tests that call route modules' loaders and actions directly.

/** The load context the worker gives a route: its bindings, `db`, and the signed-in user (or nobody). */
export function routeContext(db: Db, user?: { userId: string; email: string } | null) {
  const ctx = new RouterContextProvider();
  ctx.set(cloudflareContext, {
    env: env as unknown as WebEnv,
    ctx: { waitUntil: () => {}, passThroughOnException: () => {} } as unknown as ExecutionContext,
    db,
    requestId: "test",
  });
  ctx.set(
    userContext,
    user
      ? {
          sessionId: "s",
          userId: user.userId,
          email: user.email,
          firstName: null,
          lastName: null,
          emailVerified: true,
          adminRole: null,
        }
      : null,
  );
  return ctx;
}

/** What a loader or action gave: a Response, a thrown `data()`, or plain data. */
export async function outcome(run: () => unknown): Promise<{ status: number; body: unknown; location: string | null }> {
  let result: unknown;
  try {
    result = await run();
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) {
    return { status: result.status, body: await result.text(), location: result.headers.get("Location") };
  }
  const wrapped = result as { type?: string; data?: unknown; init?: { status?: number } };
  if (wrapped?.type === "DataWithResponseInit")
    return { status: wrapped.init?.status ?? 200, body: wrapped.data, location: null };
  return { status: 200, body: result, location: null };
}

/** A loader's or action's arguments for this request. */
export const args = (request: Request, ctx: RouterContextProvider, params: Record<string, string> = {}) =>
  ({ request, context: ctx, params, url: new URL(request.url), pattern: "" }) as never;
