/**
 * What the shell and the tap worker share of their response headers (issue #17). HSTS is sent
 * off localhost only: on a developer's machine it would pin `localhost` (every port) to https.
 */
export const HSTS = "max-age=31536000; includeSubDomains";

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** True for a request URL on this machine (HSTS is left off there). */
export const isLocalHost = (url: string): boolean => LOCAL_HOSTS.has(new URL(url).hostname);
