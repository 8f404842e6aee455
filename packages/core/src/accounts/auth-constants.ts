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
  lockedOut: "Too many failed sign-in attempts. Please wait 15 minutes and try again.",
  notAdmin: "This account does not have admin access.",
  tokenInvalid: "This link is invalid or has expired. Please request a new one.",
  passwordUpdated: "Your password has been updated. Every other session has been signed out.",
  emailVerified: "Your email address is verified.",
  // Mail limits (issue #17): the same answer whether or not an account has the address.
  mailLimitedEmail: "Too many emails requested for this address. Please wait an hour and try again.",
  mailLimitedIp: "Too many emails requested from this connection. Please wait an hour and try again.",
  signupLimited: "Too many accounts created from this connection. Please wait an hour and try again.",
} as const;

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 256;
/**
 * Mails a stranger can make us send (issue #17, decision 0031), per sliding hour, whether or not
 * an account has the address (so a refusal reveals nothing), and per sender (an IPv4 address or
 * an IPv6 /64). Reset mails count per address and sender together (issue #28, decision 0041): a
 * stranger using up their share never uses up the owner's. A sign-up (new address or taken) is
 * refused when its mail would be over. Every mail sent holds a working link.
 */
export const MAIL_LIMITS = {
  windowMs: 60 * 60 * 1000,
  password_reset: { perEmailNetwork: 5, perIp: 20 },
  email_verification: { perEmail: 3, perIp: 20 },
} as const;

/** The longest redirect target we take (it is echoed into hidden fields, links and Location). */
export const REDIRECT_MAX_LENGTH = 1024;

const PLACEHOLDER_ORIGIN = "http://relev.invalid";

/** The path a browser would go to from `target`, if it stays on this origin; null otherwise. */
function resolveSameOrigin(target: string): string | null {
  if (!target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return null;
  // Control characters (tabs, newlines) are stripped by URL parsers and can smuggle a host.
  if ([...target].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f)) return null;
  let url: URL;
  try {
    url = new URL(target, PLACEHOLDER_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PLACEHOLDER_ORIGIN) return null;
  // Serialised: backslashes are slashes, dot segments resolved, the rest percent-encoded ASCII.
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Resolving dot segments can make a host out of a path: "/.//evil", "/%2e//evil", "/x/..//evil"
  // all become "//evil", which a browser reads as another site.
  if (!path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return null;
  return path;
}

/**
 * The one redirect check (issue #17) for every target that comes from input: the path is
 * resolved as a browser will resolve it (WHATWG URL, dot segments and backslashes included),
 * and only a path on this origin, still a path once serialised and stable when resolved again,
 * is returned, serialised and at most REDIRECT_MAX_LENGTH long. Anything else gives `fallback`:
 * "/x" yes; "//evil", "/\\evil", "/.//evil", "https://evil", "javascript:" no.
 */
export function safeRedirect(target: unknown, fallback = "/"): string {
  if (typeof target !== "string" || target.length === 0 || target.length > REDIRECT_MAX_LENGTH) return fallback;
  const path = resolveSameOrigin(target);
  // Resolved again, the result must not move: what we send is what the browser will follow.
  if (path === null || path.length > REDIRECT_MAX_LENGTH || resolveSameOrigin(path) !== path) return fallback;
  return path;
}

const CLAIM_PATH = /^\/claim\/([a-z0-9][a-z0-9-]{0,63})\/?$/i;

/** The garment slug of a `/claim/{slug}` redirect target, if that is what it is. */
export function claimSlugFromPath(path: string): string | null {
  const match = CLAIM_PATH.exec(path.split(/[?#]/)[0] ?? "");
  return match?.[1]?.toLowerCase() ?? null;
}

const TRANSFER_PATH = /^\/transfer\/([0-9]{1,16}\.[A-Za-z0-9_-]{43})\/?$/;

/** The token of a `/transfer/{token}` redirect target (issue #32), if that is what it is. */
export function transferTokenFromPath(path: string): string | null {
  return TRANSFER_PATH.exec(path.split(/[?#]/)[0] ?? "")?.[1] ?? null;
}
