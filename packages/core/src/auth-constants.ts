// No zod here: route components import these, and they must stay light in the browser.

/** Product messages (spec part 1 §8) and our own, in one place. */
export const AUTH_MESSAGES = {
  passwordsDoNotMatch: "Passwords do not match",
  signupSuccess: "Account created successfully! Signing you in...",
  resetSent: "Password reset email sent.",
  loggedOutTitle: "Logged out successfully",
  loggedOut: "You have been logged out of your account.",
  // The admin portal's Sign Out (spec part 2 §8).
  adminSignedOut: "Signed Out",
  adminSignOutFailed: "Failed to sign out",
  invalidCredentials: "Invalid email or password.",
  emailTaken: "An account with this email already exists. Sign in instead.",
  lockedOut: "Too many failed sign-in attempts. Please wait 15 minutes and try again.",
  notAdmin: "This account does not have admin access.",
  tokenInvalid: "This link is invalid or has expired. Please request a new one.",
  passwordUpdated: "Your password has been updated. Every other session has been signed out.",
  emailVerified: "Your email address is verified.",
} as const;

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 256;
export const PASSWORD_RULES = `At least ${PASSWORD_MIN_LENGTH} characters, and not your email address.`;

/**
 * Only same-origin paths may be redirect targets: "/x" yes; "//evil", "/\\evil",
 * "https://evil", "javascript:" no. Anything else falls back.
 */
export function safeRedirect(target: unknown, fallback = "/"): string {
  if (typeof target !== "string" || target.length === 0 || target.length > 2000) return fallback;
  if (!target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  // Control characters (tabs, newlines) are stripped by URL parsers and can smuggle a host.
  if ([...target].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f)) return fallback;
  try {
    const url = new URL(target, "http://relev.invalid");
    if (url.origin !== "http://relev.invalid") return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}

const CLAIM_PATH = /^\/claim\/([a-z0-9][a-z0-9-]{0,63})\/?$/i;

/** The garment slug of a `/claim/{slug}` redirect target, if that is what it is. */
export function claimSlugFromPath(path: string): string | null {
  const match = CLAIM_PATH.exec(path.split(/[?#]/)[0] ?? "");
  return match?.[1]?.toLowerCase() ?? null;
}
