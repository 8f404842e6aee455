import {
  type AnswerResult,
  acceptTransferLink,
  answerTransferRequest,
  type HandOverResult,
} from "@releve/db/ownership/commands";
import { domainEvent } from "@releve/db/platform/events";
import type { Effects } from "../effects";
import { publishEvents } from "../platform/publish-events";

type Refused<R> = R extends { status: infer S } ? (S extends "transferred" ? never : S) : never;

export type AcceptTransferOutcome =
  | { code: "transferred"; garmentId: number; slug: string }
  | { code: Refused<HandOverResult> };

function transferred(effects: Effects, transferId: number) {
  return domainEvent("garment.transferred", {
    actor: effects.actor,
    payload: { transferId, photoKeys: [] },
    at: effects.now(),
  });
}

/**
 * A buyer takes up a transfer link (issue #32): the piece changes hands in one batch with its
 * garment.transferred event, the tap's record is refreshed, and the event's consumer deletes the
 * previous owner's photo objects. `userId` is the signed-in buyer.
 */
export async function acceptTransfer(
  effects: Effects,
  input: { transferId: number; userId: string },
): Promise<AcceptTransferOutcome> {
  const event = transferred(effects, input.transferId);
  const result = await acceptTransferLink(effects.db, effects.tap, { ...input, event }, effects.now().getTime());
  if (result.status !== "transferred") return { code: result.status };
  await publishEvents(effects, [event]);
  return { code: "transferred", garmentId: result.garmentId, slug: result.slug };
}

export type AnswerTransferOutcome =
  | { code: "transferred"; garmentId: number; slug: string }
  | { code: Refused<AnswerResult> };

/**
 * The owner approves or declines a request for their piece (issue #32). Approving hands it over
 * as a link's acceptance does, with the same event; declining changes only the request.
 */
export async function answerTransfer(
  effects: Effects,
  input: { transferId: number; userId: string; approve: boolean },
): Promise<AnswerTransferOutcome> {
  const event = transferred(effects, input.transferId);
  const result = await answerTransferRequest(effects.db, effects.tap, { ...input, event }, effects.now().getTime());
  if (result.status !== "transferred") return { code: result.status };
  await publishEvents(effects, [event]);
  return { code: "transferred", garmentId: result.garmentId, slug: result.slug };
}
