import { TAG_MESSAGES } from "@releve/core/tags/rules";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../api";
import {
  AUTHENTICATION_ERROR,
  CONNECTION_FAILED,
  failureOf,
  lookupFailure,
  titled,
  transportFailure,
  UNEXPECTED_ERROR,
} from "./failure";

describe("titled", () => {
  it("splits a spec message at its first ': ' into title and description", () => {
    expect(titled("Contact Required: Please provide either an email or phone number")).toEqual({
      title: "Contact Required",
      description: "Please provide either an email or phone number",
    });
    expect(titled("Exchange Failed: a: b")).toEqual({ title: "Exchange Failed", description: "a: b" });
  });

  it("keeps a message without ': ' whole as the title", () => {
    expect(titled("Tag locked")).toEqual({ title: "Tag locked", description: "" });
    expect(titled("10:30")).toEqual({ title: "10:30", description: "" });
  });
});

describe("the programmer's failures", () => {
  it("says 'Connection Failed' in the spec's two parts", () => {
    expect(CONNECTION_FAILED).toEqual({ title: "Connection Failed", message: "Please try again or contact support." });
    expect(`${CONNECTION_FAILED.title}: ${CONNECTION_FAILED.message}`).toBe(TAG_MESSAGES.connectionFailed);
  });

  it("transportFailure: status 0 is the connection, 401 the session, anything else none of its business", () => {
    expect(transportFailure(new ApiError(0, "The server could not be reached."))).toBe(CONNECTION_FAILED);
    expect(transportFailure(new ApiError(401, "Sign in."))).toBe(AUTHENTICATION_ERROR);
    expect(AUTHENTICATION_ERROR.title).toBe("Authentication Error");
    expect(transportFailure(new ApiError(403, "Admin privileges required"))).toBeNull();
    expect(transportFailure(new ApiError(500, "Boom"))).toBeNull();
    expect(transportFailure(new Error("status 0"))).toBeNull();
    expect(transportFailure("offline")).toBeNull();
  });

  it("failureOf: the spec's words for transport, else the title given and the error's own message", () => {
    expect(failureOf(new ApiError(0, "x"), "Search failed")).toBe(CONNECTION_FAILED);
    expect(failureOf(new ApiError(400, "The UID must be 4, 7 or 10 bytes."), "Search failed")).toEqual({
      title: "Search failed",
      message: "The UID must be 4, 7 or 10 bytes.",
    });
    expect(failureOf(new TypeError("x is undefined"), "Export failed")).toEqual({
      title: "Export failed",
      message: "x is undefined",
    });
    expect(failureOf("plain words", "Export failed")).toEqual({ title: "Export failed", message: "plain words" });
  });

  it("lookupFailure: a 4xx keeps the server's words under 'Read Failed'; a 5xx or a bug is unexpected", () => {
    expect(lookupFailure(new ApiError(404, "No tag has this UID."))).toEqual({
      title: "Read Failed",
      message: "No tag has this UID.",
    });
    expect(lookupFailure(new ApiError(499, "Closed."))).toMatchObject({ title: "Read Failed" });
    expect(lookupFailure(new ApiError(500, "D1 is down"))).toBe(UNEXPECTED_ERROR);
    expect(lookupFailure(new ApiError(302, "Moved"))).toBe(UNEXPECTED_ERROR);
    expect(lookupFailure(new Error("bug"))).toEqual({ title: "Error", message: "An unexpected error occurred" });
    expect(lookupFailure(new ApiError(401, "x"))).toBe(AUTHENTICATION_ERROR);
    expect(lookupFailure(new ApiError(0, "x"))).toBe(CONNECTION_FAILED);
  });
});
