import { describe, expect, it } from "vitest";
import {
  clientIdBadge,
  clientSearchView,
  clientsFoundText,
  EMPTY_CLIENT,
  invitationText,
  isCompleteClient,
  searchTerm,
} from "./client-search";

const answered = { isError: false, isPlaceholderData: false, clients: [{}, {}] };

describe("the client search", () => {
  it("asks the server only from two characters", () => {
    expect(searchTerm("")).toBeNull();
    expect(searchTerm("a")).toBeNull();
    expect(searchTerm("an")).toBe("an");
  });

  it("shows nothing under two characters, whatever the last answer", () => {
    expect(clientSearchView(" a ", "a", answered)).toBe("nothing");
  });

  it("shows 'Searching' while typing, before the first answer, and over an older term's list", () => {
    expect(clientSearchView("ana", "an", answered)).toBe("searching");
    expect(clientSearchView("ana", "ana", { ...answered, clients: undefined })).toBe("searching");
    expect(clientSearchView("ana", "ana", { ...answered, isPlaceholderData: true })).toBe("searching");
  });

  it("shows a failure once typing has settled only", () => {
    expect(clientSearchView("ana ", "ana", { ...answered, isError: true })).toBe("error");
    expect(clientSearchView("anab", "ana", { ...answered, isError: true })).toBe("searching");
  });

  it("shows no match, or the clients found", () => {
    expect(clientSearchView("zz", "zz", { ...answered, clients: [] })).toBe("no-match");
    expect(clientSearchView("ana", "ana", answered)).toBe("found");
    expect(clientsFoundText(1)).toBe("1 client found");
    expect(clientsFoundText(10)).toBe("10 clients found");
  });

  it("shows a client id by its first 8 characters", () => {
    expect(clientIdBadge("c3f1a9e2-7b44-4d1e-9c0a-2f6b8d1e4a77")).toBe("c3f1a9e2");
    expect(clientIdBadge("abc")).toBe("abc");
  });
});

describe("'Create client'", () => {
  it("needs every field", () => {
    expect(isCompleteClient({ first_name: "Ana", last_name: "Silva", email: "ana@example.com" })).toBe(true);
    expect(isCompleteClient({ ...EMPTY_CLIENT, first_name: "Ana", last_name: "Silva", email: " " })).toBe(false);
  });

  it("says whether the invitation to choose a password went out", () => {
    const client = { name: "Ana Silva", email: "ana@example.com" };
    expect(invitationText({ ...client, invitationSent: true })).toBe(
      "Ana Silva: an invitation email was sent to ana@example.com to choose a password.",
    );
    expect(invitationText({ ...client, invitationSent: false })).toBe(
      "Ana Silva: the invitation email to ana@example.com could not be sent. A password reset sends another link.",
    );
  });
});
