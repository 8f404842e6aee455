import { data, type RouterContextProvider, redirect } from "react-router";
import { getUser, userContext } from "../../context";
import { SESSION_COOKIE } from "../../lib/cookies.server";
import { requestContext } from "../../request-context.server";
import { ownerTokenCookie } from "./owner-token.server";
import { readSession, type SessionUser } from "./session.server";

type Context = Readonly<RouterContextProvider>;

function here(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/** Signed-in user or a redirect to /auth that comes back here afterwards. */
export function requireUser(request: Request, context: Context): SessionUser {
  const user = getUser(context);
  if (!user) throw redirect(`/auth?redirect=${encodeURIComponent(here(request))}`);
  return user;
}

/** Admin or: a visitor goes to /admin/login (remembering where), a signed-in non-admin gets 403. */
export function requireAdmin(request: Request, context: Context): SessionUser {
  const user = getUser(context);
  if (!user) throw redirect(`/admin/login?redirect=${encodeURIComponent(here(request))}`);
  if (!user.adminRole) throw data("Access Denied", { status: 403 });
  return user;
}

const setsCookie = (response: Response, name: string) =>
  response.headers.getSetCookie().some((c) => c.startsWith(`${name}=`));

/**
 * Root middleware: resolves the session once per request, keeps its cookie rolling and the
 * tap worker's owner token in step with it.
 */
export async function sessionMiddleware(
  { request, context }: { request: Request; context: Context },
  next: () => Promise<Response>,
): Promise<Response> {
  const { env, ctx, db } = requestContext(request, context);
  const { user, setCookie, roll } = await readSession(db, request);
  if (roll) ctx.waitUntil(roll);
  (context as RouterContextProvider).set(userContext, user);
  const response = await next();
  // An action that signed in or out has already set the session cookie; leave it be.
  if (setsCookie(response, SESSION_COOKIE)) return response;
  if (setCookie) response.headers.append("Set-Cookie", setCookie);
  const owner = await ownerTokenCookie(
    request,
    env.SESSION_SECRET,
    user && { userId: user.userId, sessionId: user.sessionId },
  );
  if (owner) response.headers.append("Set-Cookie", owner);
  return response;
}
