import type { ErrorBody } from "@releve/core";

/** Thrown for any non-2xx answer of `/api/admin/*`, with the API's own message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The error body's `details`, when it has some (an import's line problems). */
    readonly details?: unknown,
  ) {
    super(message);
  }
}

type AdminRequest = { method?: string; body?: unknown };

/** Same-origin JSON call to the admin API; the session cookie travels with it. */
export async function adminApi<T>(path: string, init: AdminRequest = {}): Promise<T> {
  const response = await send(path, init);
  return response.status === 204 ? (undefined as T) : ((await response.json()) as T);
}

/** The same call for an answer that is a file (a batch's encoder CSV): its text. */
export async function adminText(path: string, init: AdminRequest = {}): Promise<string> {
  return (await send(path, init)).text();
}

async function send(path: string, init: AdminRequest): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(`/api/admin${path}`, {
      method: init.method ?? "GET",
      credentials: "same-origin",
      headers: {
        Accept: "application/json",
        ...(init.body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch {
    throw new ApiError(0, "The server could not be reached. Check the connection and try again.");
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as ErrorBody | null;
    throw new ApiError(
      response.status,
      body?.error.message ?? `The server answered ${response.status}.`,
      body?.error.details,
    );
  }
  return response;
}
