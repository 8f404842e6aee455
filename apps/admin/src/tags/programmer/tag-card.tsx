import type { AdminTag } from "@releve/core/tags/contracts";
import { TAG_MESSAGES } from "@releve/core/tags/rules";
import type { ReactNode } from "react";
import type { ReadRecord } from "./nfc-device";

/** The badge on every part of the screen that shows simulated data (decision 0033): never passes as real. */
export function SimulationBadge({ className = "" }: { className?: string }) {
  return (
    <p
      className={`inline-flex max-w-full items-center gap-2 border border-dashed border-gold bg-gold/10 px-2 py-1 text-xs font-medium text-ink ${className}`}
    >
      <span aria-hidden="true" className="font-mono font-semibold">
        SIM
      </span>
      <span>Simulated tag — nothing is written to a chip</span>
    </p>
  );
}

/** The scanned-tag state (spec part 2 §4): a blank chip, one of ours (assigned or locked), or none of ours. */
type ScannedState = "uninitialized" | "assigned" | "locked" | "Unknown";

export type Scanned = {
  /** Where it came from: the phone's reader, the simulation, or 'Search by tag UID'. */
  source: "nfc" | "simulation" | "search";
  /** The chip's serial number as read (or typed). */
  uid: string | null;
  /** The records read; null for a search (nothing was read). */
  records: ReadRecord[] | null;
  state: ScannedState;
  tag: AdminTag | null;
};

const STATE_LABEL: Record<ScannedState, string> = {
  uninitialized: "Uninitialized",
  assigned: "Assigned",
  locked: "Locked",
  Unknown: TAG_MESSAGES.unknownTag,
};

const STATE_TEXT: Record<ScannedState, string> = {
  uninitialized: "A blank chip: no NDEF records. Program a new tag to write it.",
  assigned: "One of our tags.",
  locked: "One of our tags, made read-only: it cannot be written again.",
  Unknown: "NFC Tag Detected: this tag is not one of Relevé's garments.",
};

/** A definition list row: term and value, the value allowed to break anywhere on a phone. */
function Row({ term, children, mono }: { term: string; children: ReactNode; mono?: boolean }) {
  return (
    <>
      <dt className="text-stone">{term}</dt>
      <dd className={`min-w-0 break-all ${mono ? "font-mono text-xs leading-5" : ""}`}>{children}</dd>
    </>
  );
}

/** A tag link opens the tap in a new tab, as the dashboard's resolve link does. */
export function TagLink({ url }: { url: string }) {
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className="underline underline-offset-4">
      {url}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

/** The registry's facts about one tag. */
export function TagFacts({ tag, uidNote }: { tag: AdminTag; uidNote?: ReactNode }) {
  return (
    <dl className="grid min-w-0 grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
      <Row term="Chip ID" mono>
        {tag.chipId}
      </Row>
      <Row term="UID" mono>
        {tag.uid ?? "—"}
        {uidNote}
      </Row>
      <Row term="Status">{tag.status}</Row>
      <Row term="Tag type">{tag.tagType}</Row>
      {tag.batch && <Row term="Batch">{tag.batch.name}</Row>}
      {tag.garment ? (
        <>
          <Row term="Garment">
            {[tag.garment.title, tag.garment.type, tag.garment.size, tag.garment.color].filter(Boolean).join(" · ")}
          </Row>
          <Row term="Slug" mono>
            {tag.garment.slug}
          </Row>
          <Row term="URL">
            <TagLink url={tag.garment.url} />
          </Row>
        </>
      ) : (
        <Row term="Garment">None</Row>
      )}
      <Row term="Owner">
        {tag.owner ? `${tag.owner.name}${tag.owner.email ? ` (${tag.owner.email})` : ""}` : "Unclaimed"}
      </Row>
      {tag.writeError && <Row term="Write error">{tag.writeError}</Row>}
    </dl>
  );
}

/** The card of the tag last read or looked up. */
export function ScannedTagCard({ scanned }: { scanned: Scanned }) {
  const simulated = scanned.source === "simulation";
  return (
    <section
      aria-labelledby="scanned-heading"
      className={`flex min-w-0 flex-col gap-3 border bg-white p-4 ${simulated ? "border-dashed border-gold" : "border-ink/10"}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="scanned-heading" className="font-display text-xl">
          {scanned.source === "search" ? "Tag found by UID" : "Scanned tag"}
        </h3>
        <span className="border border-ink/30 px-2 py-0.5 text-xs uppercase tracking-[0.16em]">
          {STATE_LABEL[scanned.state]}
        </span>
      </div>
      {simulated && <SimulationBadge />}
      <p role="status" className="text-sm">
        {scanned.state === "Unknown" ? (
          <>
            <span className="font-medium">NFC Tag Detected</span>: this tag is not one of Relevé's garments.
          </>
        ) : (
          STATE_TEXT[scanned.state]
        )}
      </p>
      {scanned.uid && !scanned.tag && (
        <dl className="grid min-w-0 grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
          <Row term={simulated ? "UID (simulated)" : "UID"} mono>
            {scanned.uid}
          </Row>
        </dl>
      )}
      {scanned.tag && <TagFacts tag={scanned.tag} />}
      {scanned.records && scanned.records.length > 0 && (
        <div className="min-w-0">
          <h4 className="text-xs uppercase tracking-[0.16em] text-stone">NDEF records</h4>
          <ul className="mt-1 flex flex-col gap-1 text-sm">
            {scanned.records.map((r, i) => (
              // Records have no identity of their own: their order on the chip is theirs.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <li key={i} className="min-w-0 break-all">
                <span className="font-mono text-xs">{r.recordType}</span>{" "}
                {r.text ?? `${r.mediaType ?? "binary"}, ${r.byteLength} bytes`}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
