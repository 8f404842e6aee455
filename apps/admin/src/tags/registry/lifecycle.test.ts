import type { AdminTagOwner } from "@releve/core/tags/contracts";
import type { TagAction } from "@releve/core/tags/rules";
import { describe, expect, it } from "vitest";
import { actionsFor, isDangerAction, REASON_REQUIRED, reasonProblem } from "./lifecycle";

const owner: AdminTagOwner = { profileId: 4, name: "Camille Laurent", email: "owner@releve.local" };
const tag = (over: Partial<Parameters<typeof actionsFor>[0]> = {}): Parameters<typeof actionsFor>[0] => ({
  status: "active",
  programmedAt: 1_700_000_000_000,
  lockedAt: null,
  owner: null,
  ...over,
});

describe("actionsFor: what 'Change status' offers", () => {
  it("an unowned working tag: deactivate or report it, nothing to release", () => {
    expect(actionsFor(tag())).toEqual(["deactivate", "report_lost", "report_stolen"]);
  });

  it("an owned one can also be released", () => {
    expect(actionsFor(tag({ owner }))).toEqual(["deactivate", "report_lost", "report_stolen", "release"]);
  });

  it("an inactive tag can be reactivated, not deactivated again", () => {
    expect(actionsFor(tag({ status: "inactive" }))).toEqual(["reactivate", "report_lost", "report_stolen"]);
  });

  it("a lost or stolen tag is not reported so twice", () => {
    expect(actionsFor(tag({ status: "lost" }))).toEqual(["deactivate", "reactivate", "report_stolen"]);
    expect(actionsFor(tag({ status: "stolen" }))).toEqual(["deactivate", "reactivate", "report_lost"]);
  });
});

describe("the reason", () => {
  it("is required, spaces alone being none", () => {
    expect(reasonProblem("")).toBe(REASON_REQUIRED);
    expect(reasonProblem("  \n ")).toBe("A reason is required.");
    expect(reasonProblem("Customer called: lost at the opera")).toBeUndefined();
  });
});

describe("isDangerAction", () => {
  it("marks what takes a tag out of use or its owner away", () => {
    const danger: TagAction[] = ["deactivate", "release", "report_stolen"];
    expect(danger.every(isDangerAction)).toBe(true);
    expect(isDangerAction("reactivate")).toBe(false);
    expect(isDangerAction("report_lost")).toBe(false);
    expect(isDangerAction(null)).toBe(false);
  });
});
