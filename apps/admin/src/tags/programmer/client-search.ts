import type { CreatedClient } from "@releve/core/tags/contracts";
import { CLIENT_SEARCH_MIN_LENGTH } from "@releve/core/tags/rules";

/** How long the search waits after the last keystroke before asking the server. */
export const SEARCH_DEBOUNCE_MS = 300;
/** Spec part 2 §9: a client id badge shows its first 8 characters. */
const CLIENT_ID_BADGE = 8;

export const clientIdBadge = (clientId: string) => clientId.slice(0, CLIENT_ID_BADGE);

/** The term the server is asked for once typing settles: none until it is CLIENT_SEARCH_MIN_LENGTH long. */
export const searchTerm = (settled: string) => (settled.length >= CLIENT_SEARCH_MIN_LENGTH ? settled : null);

/** What the client search shows under its field. */
export type ClientSearchView = "nothing" | "error" | "searching" | "no-match" | "found";

/**
 * `text` is the field as typed, `term` the text the search last settled on (debounced, trimmed).
 * Too short: nothing. A failure shows once typing has settled; while typing, or before the
 * answer to this term arrives (an older list kept as placeholder), 'Searching'; then no match,
 * or the clients found.
 */
export function clientSearchView(
  text: string,
  term: string,
  search: { isError: boolean; isPlaceholderData: boolean; clients: readonly unknown[] | undefined },
): ClientSearchView {
  const typing = text.trim() !== term;
  if (text.trim().length < CLIENT_SEARCH_MIN_LENGTH) return "nothing";
  if (search.isError && !typing) return "error";
  if (!search.clients || search.isPlaceholderData || typing) return "searching";
  return search.clients.length === 0 ? "no-match" : "found";
}

/** What a screen reader hears once clients are listed. */
export const clientsFoundText = (count: number) => (count === 1 ? "1 client found" : `${count} clients found`);

export type ClientDraft = { first_name: string; last_name: string; email: string };
export const EMPTY_CLIENT: ClientDraft = { first_name: "", last_name: "", email: "" };

/** 'Create client' needs every field. */
export const isCompleteClient = (draft: ClientDraft) => Object.values(draft).every((v) => v.trim() !== "");

/** The toast after 'Create client': whether the invitation to choose a password went out. */
export const invitationText = (client: Pick<CreatedClient, "name" | "email" | "invitationSent">) =>
  client.invitationSent
    ? `${client.name}: an invitation email was sent to ${client.email} to choose a password.`
    : `${client.name}: the invitation email to ${client.email} could not be sent. A password reset sends another link.`;
