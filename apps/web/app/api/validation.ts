import { zValidator } from "@hono/zod-validator";
import { AppError } from "@releve/core";
import { findLoneSurrogate } from "@releve/core/platform/text";
import type { ValidationTargets } from "hono";
import { z } from "zod";

type Outcome = ({ success: true } | { success: false; error: z.core.$ZodError }) & {
  target: keyof ValidationTargets;
};

/**
 * The one zValidator hook: invalid input throws AppError "bad_request" (rendered by the API's
 * onError) with `message`, or else the first problem found, and the field errors.
 */
function badRequestAs(message?: string) {
  return (result: Outcome) => {
    if (result.success) return;
    const { formErrors, fieldErrors } = z.flattenError(result.error);
    const first = formErrors[0] ?? Object.values<string[] | undefined>(fieldErrors).flat()[0];
    // A path parameter is one bare value, not a field the caller filled in: no field details.
    const details = result.target === "param" ? {} : fieldErrors;
    throw new AppError("bad_request", message ?? first ?? `Invalid ${result.target}.`, details);
  };
}

export const badRequest = badRequestAs();

/**
 * What each validating middleware checks, by the middleware: `scripts/api-reference.ts` walks
 * the shell's routes and writes docs/api-reference.md from these contracts.
 */
const contracts = new WeakMap<object, { target: keyof ValidationTargets; schema: z.ZodType }>();

/** The contract a route's middleware validates, if it is one of these validators. */
export const contractOf = (middleware: unknown) =>
  typeof middleware === "function" ? contracts.get(middleware) : undefined;

/** zValidator for a path parameter or a query string, through the one hook, its contract kept. */
export function validator<T extends "param" | "query", S extends z.ZodType>(target: T, schema: S) {
  const validate = zValidator(target, schema, badRequest);
  contracts.set(validate, { target, schema });
  return validate;
}

const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;
const notJson = () => new AppError("bad_request", "The request body must be JSON.");

/** The catch-all behind the per-field text rule (decision 0042): what it says of the string at `path`. */
function loneSurrogateError(path: ReadonlyArray<string | number>, message?: string) {
  // A key may be the broken string itself: named with U+FFFD in its place.
  const field = path.length === 0 ? "body" : path.map((part) => String(part).toWellFormed()).join(".");
  const said = `The field "${field}" is not valid text: it contains a lone UTF-16 surrogate.`;
  return new AppError("bad_request", message ?? said, { [field]: [said] });
}

/**
 * zValidator for a JSON body, once there is one: a body not sent or not parsable as JSON is
 * refused with one message before any field is looked at (zValidator alone would validate `{}`).
 * Once the schema has passed (each text field under the one text rule gives its own message),
 * a lone surrogate anywhere else in the body, a key included, is still refused (decision 0042).
 */
export function jsonBody<S extends z.ZodType>(schema: S, message?: string) {
  const validate = zValidator("json", schema, badRequestAs(message));
  const guarded: typeof validate = async (c, next) => {
    const mediaType = c.req.header("Content-Type")?.split(";")[0]?.trim() ?? "";
    if (!JSON_MEDIA_TYPE.test(mediaType)) throw notJson();
    let body: unknown;
    try {
      body = await c.req.json(); // cached: zValidator reads the same parse
    } catch {
      throw notJson();
    }
    return validate(c, async () => {
      const path = findLoneSurrogate(body);
      if (path) throw loneSurrogateError(path, message);
      await next();
    });
  };
  contracts.set(guarded, { target: "json", schema });
  return guarded;
}

/** A request with a body: a Content-Type, or a length other than 0, or a chunked one. */
export const hasBody = (headers: Headers) =>
  headers.has("Content-Type") || headers.has("Transfer-Encoding") || Number(headers.get("Content-Length") ?? "0") !== 0;
