import { zValidator } from "@hono/zod-validator";
import { AppError } from "@releve/core";
import type { ValidationTargets } from "hono";
import { z } from "zod";

type Outcome = ({ success: true } | { success: false; error: z.core.$ZodError }) & {
  target: keyof ValidationTargets;
};

/**
 * The one zValidator hook: invalid input throws AppError "bad_request" (rendered by the API's
 * onError) with `message`, or else the first problem found, and the field errors.
 */
export function badRequestAs(message?: string) {
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

const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;
const notJson = () => new AppError("bad_request", "The request body must be JSON.");

/**
 * zValidator for a JSON body, once there is one: a body not sent or not parsable as JSON is
 * refused with one message before any field is looked at (zValidator alone would validate `{}`).
 */
export function jsonBody<S extends z.ZodType>(schema: S, message?: string) {
  const validate = zValidator("json", schema, badRequestAs(message));
  const guarded: typeof validate = async (c, next) => {
    const mediaType = c.req.header("Content-Type")?.split(";")[0]?.trim() ?? "";
    if (!JSON_MEDIA_TYPE.test(mediaType)) throw notJson();
    try {
      await c.req.json(); // cached: zValidator reads the same parse
    } catch {
      throw notJson();
    }
    return validate(c, next);
  };
  return guarded;
}
