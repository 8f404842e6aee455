import { safeRedirect } from "@releve/core/accounts/auth-constants";
import type { Db } from "@releve/db/client";
import { garmentBySlug } from "@releve/db/wardrobe/queries";
import type { WebEnv } from "../../env.server";
import { signedCookie } from "../../lib/cookies.server";
import { garmentWords } from "../../lib/garment-words";

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

/**
 * The name of the piece a sign-in is for (issue #35: the claim's sign-in says which piece), or
 * null: only a piece still open to claim is named (never someone else's). Spec part 1 §8:
 * 'Display info unavailable' is non-blocking, so a failed read names nothing and signs in all the same.
 */
export async function pieceToClaimName(db: Db, slug: string): Promise<string | null> {
  try {
    const garment = await garmentBySlug(db, slug);
    if (garment?.is_active !== true || garment.status !== "unclaimed" || garment.reported_missing) return null;
    return garmentWords(garment).name;
  } catch (error) {
    console.error("[claim] display info unavailable", error);
    return null;
  }
}
