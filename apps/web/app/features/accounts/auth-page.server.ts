import { safeRedirect } from "@releve/core/accounts/auth-constants";
import type { WebEnv } from "../../env.server";
import { signedCookie } from "../../lib/cookies.server";

export function formString(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/**
 * Where a sign-up was headed (its `redirect`): the emailed link continues there in this browser
 * (decision 0041). A signed cookie and not a part of the link, so nothing the form typed rides on
 * a mail to an address nobody has proved (decision 0031). Set alike for a new and a taken address.
 */
const signupNextCookie = (env: WebEnv, request: Request) =>
  signedCookie(env, request, "releve_signup_next", 24 * 60 * 60);

export function signupNextHeader(env: WebEnv, request: Request, path: string | null): Promise<string> {
  const cookie = signupNextCookie(env, request);
  return path ? cookie.serialize(path) : cookie.serialize("", { maxAge: 0 });
}

/** The sign-up's same-origin redirect, if this browser carries one ("" otherwise). */
export async function readSignupNext(env: WebEnv, request: Request): Promise<string> {
  return safeRedirect(await signupNextCookie(env, request).parse(request.headers.get("Cookie")), "");
}
