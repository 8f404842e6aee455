import { TAG_MESSAGES } from "@releve/core/tags/rules";
import { ApiError } from "../../api";

/** What the programmer shows for a failed call: a toast's title and description, or an alert's. */
export type Failure = { title: string; message: string };

/** Spec part 2 §8: 'Connection Failed: Please try again or contact support.', as title and description. */
export const CONNECTION_FAILED: Failure = {
  title: TAG_MESSAGES.connectionFailed.slice(0, TAG_MESSAGES.connectionFailed.indexOf(": ")),
  message: TAG_MESSAGES.connectionFailed.slice(TAG_MESSAGES.connectionFailed.indexOf(": ") + 2),
};

/** A spec message 'Title: description' as a toast's title and description (all title when it has no ': '). */
export function titled(message: string): { title: string; description: string } {
  const at = message.indexOf(": ");
  return at < 0
    ? { title: message, description: "" }
    : { title: message.slice(0, at), description: message.slice(at + 2) };
}

/** Spec part 2 §8, the admin API's 401: the session has ended (expired, or signed out in another tab). */
export const AUTHENTICATION_ERROR: Failure = {
  title: TAG_MESSAGES.authError,
  message: "Your session has expired. Sign in again.",
};

/** Spec part 2 §8, NFC reading: a lookup that failed for a reason nobody could foresee. */
export const UNEXPECTED_ERROR: Failure = { title: "Error", message: "An unexpected error occurred" };

/**
 * The spec's words for a call that never reached the server (ApiError status 0) or found the
 * session gone (401), whatever the call; null for any other failure.
 */
export function transportFailure(error: unknown): Failure | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 0) return CONNECTION_FAILED;
  if (error.status === 401) return AUTHENTICATION_ERROR;
  return null;
}

/** A failed call in the programmer's words: the spec's for transport and session, else `title` and the server's message. */
export function failureOf(error: unknown, title: string): Failure {
  return transportFailure(error) ?? { title, message: error instanceof Error ? error.message : String(error) };
}

/**
 * A failed tag lookup after a read: the spec's words for transport and session; a refusal the
 * server explains (4xx) keeps its message under 'Read Failed'; anything else (a 5xx, a bug) is
 * 'Error: An unexpected error occurred'.
 */
export function lookupFailure(error: unknown): Failure {
  const transport = transportFailure(error);
  if (transport) return transport;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    return { title: TAG_MESSAGES.readFailed, message: error.message };
  }
  return UNEXPECTED_ERROR;
}
