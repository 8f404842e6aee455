import type { BatchImportProblem } from "@releve/core/tags/contracts";
import { parseEncoderCsv } from "@releve/core/tags/encoder-import";
import { LIVE_TAG_STATUSES, type TagStatus, writeRefusal } from "@releve/core/tags/rules";
import type { Actor as Staff } from "@releve/db/platform/audit";
import { isUniqueViolation } from "@releve/db/platform/d1-errors";
import { domainEvent } from "@releve/db/platform/events";
import { assignBatchUids, type UidAssignment } from "@releve/db/tags/commands";
import { batchTagsBySlugs, tagsHoldingUids } from "@releve/db/tags/queries";
import type { Effects } from "../effects";
import { publishEvents } from "../platform/publish-events";

const LIVE = new Set<TagStatus>(LIVE_TAG_STATUSES);

export type ImportEncoderUidsOutcome =
  | { code: "imported"; assigned: number; unchanged: number }
  | { code: "problems"; problems: BatchImportProblem[] }
  | { code: "uid_taken_meanwhile" };

/**
 * An encoder's CSV of (UID, slug) for a batch: every row is checked (the file itself, then each
 * row against the batch's tags and every UID already assigned) before anything is written; one
 * bad row refuses the whole file with every problem listed, so nothing is half-written. Else the
 * tags get their UIDs in one batch with one tag_batch.uids_assigned event; a tag that was
 * inactive taps again at once. Rows already done are counted as unchanged.
 */
export async function importEncoderUids(
  effects: Effects,
  input: { staff: Staff; batchId: number; csv: string },
): Promise<ImportEncoderUidsOutcome> {
  const { db } = effects;
  const { rows, problems } = parseEncoderCsv(input.csv);
  const assignments: UidAssignment[] = [];
  let unchanged = 0;
  if (problems.length === 0) {
    const [tags, holders] = await Promise.all([
      batchTagsBySlugs(
        db,
        input.batchId,
        rows.map((r) => r.slug),
      ),
      tagsHoldingUids(
        db,
        rows.map((r) => r.uid),
      ),
    ]);
    const bySlug = new Map(tags.map((t) => [t.slug, t]));
    const holderOf = new Map(holders.map((h) => [h.uid, h]));
    const now = effects.now().toISOString();
    for (const row of rows) {
      const tag = bySlug.get(row.slug);
      const problem = (message: string) => problems.push({ line: row.line, message: `Line ${row.line}: ${message}` });
      if (!tag) {
        problem(`no tag of this batch has the slug ${row.slug}.`);
        continue;
      }
      const holder = holderOf.get(row.uid);
      if (holder && holder.id !== tag.id) problem(`the UID ${row.uid} is already on tag ${holder.chip_id}.`);
      else if (tag.uid && tag.uid !== row.uid) problem(`tag ${tag.chip_id} already has the UID ${tag.uid}.`);
      const refusal = writeRefusal({ status: tag.status, writeFailed: Boolean(tag.metadata?.write_error) });
      if (refusal) problem(`tag ${tag.chip_id}: ${refusal}`);
      if (problems.length > 0) continue;
      if (tag.uid === row.uid && LIVE.has(tag.status)) {
        unchanged++;
        continue;
      }
      const { write_error: _failed, ...kept } = tag.metadata ?? {};
      assignments.push({
        tagId: tag.id,
        garmentId: tag.garment_id,
        uid: row.uid,
        status: LIVE.has(tag.status) ? tag.status : "active",
        metadata: { ...kept, write_attempted_at: now, programmingDate: now, programmedBy: input.staff.email },
        slug: row.slug,
        before: tag.status,
      });
    }
  }
  if (problems.length > 0) return { code: "problems", problems };
  if (assignments.length > 0) {
    const event = domainEvent("tag_batch.uids_assigned", {
      actor: effects.actor,
      payload: { batchId: input.batchId, count: assignments.length },
      at: effects.now(),
    });
    try {
      await assignBatchUids(db, effects.tap, input.staff, input.batchId, assignments, event);
    } catch (error) {
      if (isUniqueViolation(error)) return { code: "uid_taken_meanwhile" };
      throw error;
    }
    await publishEvents(effects, [event]);
  }
  return { code: "imported", assigned: assignments.length, unchanged };
}
