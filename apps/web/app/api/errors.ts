import type { AppError, ErrorBody } from "@releve/core";

/** The one JSON body of every /api error, the CSRF refusal included: `{ error: { code, message, requestId } }`. */
export function errorBody(error: AppError, requestId: string): ErrorBody {
  const body: ErrorBody = { error: { code: error.code, message: error.message, requestId } };
  if (error.details !== undefined) body.error.details = error.details;
  return body;
}
