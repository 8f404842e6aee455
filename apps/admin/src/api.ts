import type { ErrorBody } from "@releve/core";

/** Thrown for any non-2xx answer of `/api/admin/*`, with the API's own message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Same-origin JSON call to the admin API; the session cookie travels with it. */
export async function adminApi<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`/api/admin${path}`, {
    ...init,
    credentials: "same-origin",
    headers: { Accept: "application/json", ...(init.body ? { "Content-Type": "application/json" } : {}) },
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as ErrorBody | null;
    throw new ApiError(response.status, body?.error.message ?? `The server answered ${response.status}.`);
  }
  return (await response.json()) as T;
}
