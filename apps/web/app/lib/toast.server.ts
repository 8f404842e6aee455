import { redirect } from "react-router";
import type { WebEnv } from "../env.server";
import { signedCookie } from "./cookies.server";
import { type Toast, type ToastInput, ToastSchema } from "./toast";

// Outcomes of a POST reach the next page through this short-lived signed cookie
// (epic-stack's redirectWithToast): it survives the redirect and is cleared once shown.
const toastCookie = (env: WebEnv, request: Request) => signedCookie(env, request, "releve_toast", 60);

export async function toastHeader(env: WebEnv, request: Request, toast: ToastInput): Promise<string> {
  return toastCookie(env, request).serialize(ToastSchema.parse(toast));
}

export async function redirectWithToast(
  env: WebEnv,
  request: Request,
  url: string,
  toast: ToastInput,
  init?: ResponseInit,
) {
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", await toastHeader(env, request, toast));
  return redirect(url, { ...init, headers });
}

/** Reads the pending toast, if any, and the header that clears it. A tampered cookie reads as none. */
export async function getToast(request: Request, env: WebEnv): Promise<{ toast: Toast | null; headers: Headers }> {
  const cookie = toastCookie(env, request);
  const headers = new Headers();
  const raw = await cookie.parse(request.headers.get("Cookie"));
  if (raw === null || raw === undefined) return { toast: null, headers };
  headers.append("Set-Cookie", await cookie.serialize("", { maxAge: 0 }));
  const parsed = ToastSchema.safeParse(raw);
  return { toast: parsed.success ? parsed.data : null, headers };
}
