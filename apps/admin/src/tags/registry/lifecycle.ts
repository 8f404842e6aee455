import type { AdminTag } from "@releve/core/tags/contracts";
import { nextTagStatus, TAG_ACTIONS, type TagAction } from "@releve/core/tags/rules";

/** The actions the lifecycle allows for this tag now (the server decides again on submit). */
export function actionsFor(tag: Pick<AdminTag, "status" | "programmedAt" | "lockedAt" | "owner">): TagAction[] {
  const state = {
    status: tag.status,
    programmed: tag.programmedAt !== null,
    locked: tag.lockedAt !== null,
    owned: tag.owner !== null,
  };
  return TAG_ACTIONS.filter((action) => nextTagStatus(state, action).ok);
}

export const REASON_MAX = 500;
export const REASON_REQUIRED = "A reason is required.";

/** Every change of status keeps its reason in the audit log: a blank one is refused. */
export const reasonProblem = (reason: string) => (reason.trim() ? undefined : REASON_REQUIRED);

/** The actions that take a tag out of use or its owner away: their button is drawn as a danger. */
export const isDangerAction = (action: TagAction | null) =>
  action === "deactivate" || action === "release" || action === "report_stolen";
