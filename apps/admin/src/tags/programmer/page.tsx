import type { AdminTag, ProgrammedTag, ProgramTagInput, WriteResultInput } from "@releve/core/tags/contracts";
import { TAG_MESSAGES } from "@releve/core/tags/rules";
import { Button } from "@releve/ui";
import { useEffect, useRef, useState } from "react";
import { useNotify } from "../../notify";
import { ClientPanel, type PickedClient } from "./clients";
import { EventsPanel } from "./events";
import { type Failure, failureOf, lookupFailure, transportFailure } from "./failure";
import {
  deviceInfo,
  hasWebNfc,
  NfcError,
  type ReadTag,
  readTag,
  simulatedUid,
  TRY_SIMULATION_DELAY_MS,
  writeUrl,
} from "./nfc-device";
import { ProgramForm, ProgramResult } from "./program";
import type { ProgramRun } from "./program-draft";
import { type NfcMode, ReaderPanel, type ReaderStatus } from "./reader";
import { type Scanned, ScannedTagCard, SimulationBadge } from "./tag-card";
import { type LookupBy, lookupTag, useProgramTag, useRecordWrite } from "./tag-queries";
import { resolveRead, simulatedRead, writtenUid } from "./tag-rules";
import { UtilitiesPanel } from "./utilities";

const FORM_ID = "program-tag-form";

type ReadError = Failure & { kind: "nfc" | "lookup" };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : TAG_MESSAGES.readFailed);
const isCancel = (error: unknown) => error instanceof NfcError && error.errorName === "AbortError";

/**
 * `/admin/nfc-programmer` (issue #18, spec part 2 §2/§4): the reader, 'Program a new tag'
 * (optionally attached to a client: 'Attach & write'), the outcome with its URL, bytes and QR,
 * the utilities (search by UID, reassign, lock, export) and the active events. Web NFC where
 * the browser has it; elsewhere a simulation, labelled on everything it shows, whose garment
 * and tag records are real (decision 0033).
 */
export function NfcProgrammer() {
  const [available] = useState(hasWebNfc);
  const [mode, setMode] = useState<NfcMode>(available ? "web-nfc" : "simulation");
  const [status, setStatus] = useState<ReaderStatus>("ready");
  const [readError, setReadError] = useState<ReadError | null>(null);
  const [tryHint, setTryHint] = useState(false);
  const [scanned, setScanned] = useState<Scanned | null>(null);
  const [searching, setSearching] = useState(false);
  const [searchError, setSearchError] = useState<Failure | null>(null);
  const [client, setClient] = useState<PickedClient | null>(null);
  const [run, setRun] = useState<ProgramRun | null>(null);
  const [formError, setFormError] = useState<Failure | null>(null);
  /** The simulation's last written tag: what 'Read the simulated tag just written' reads back. */
  const [lastSimulated, setLastSimulated] = useState<{ uid: string; url: string } | null>(null);
  /** Counts the tags written: each one starts the panels over (their keys), ready for the next tag. */
  const [tagsWritten, setTagsWritten] = useState(0);
  const cancel = useRef<AbortController | null>(null);
  const programTag = useProgramTag();
  const recordWrite = useRecordWrite();
  const notify = useNotify();

  // Spec part 2 §8: after an NFC read error, the 'Try Simulation' hint appears 2 s later.
  useEffect(() => {
    setTryHint(false);
    if (readError?.kind !== "nfc") return;
    const timer = setTimeout(() => setTryHint(true), TRY_SIMULATION_DELAY_MS);
    return () => clearTimeout(timer);
  }, [readError]);

  // Leaving the page stops any scan in progress.
  useEffect(() => () => cancel.current?.abort(), []);

  async function read(source: Scanned["source"], produce: () => Promise<ReadTag>) {
    setStatus("reading");
    setReadError(null);
    let tag: ReadTag;
    try {
      tag = await produce();
    } catch (error) {
      if (isCancel(error)) {
        setStatus("ready");
        return;
      }
      setStatus("error");
      setReadError({ kind: "nfc", title: "NFC Read Error", message: messageOf(error) });
      return;
    }
    try {
      setScanned(await resolveRead(tag, source));
      setStatus("ready");
    } catch (error) {
      // Spec part 2 §8: the lookup's own failures in the spec's words ('Error: An unexpected error occurred').
      setStatus("error");
      setReadError({ kind: "lookup", ...lookupFailure(error) });
    }
  }

  const readWithNfc = () => {
    cancel.current = new AbortController();
    const signal = cancel.current.signal;
    return read("nfc", () => readTag(signal));
  };
  const readSimulatedBlank = () => read("simulation", async () => ({ serialNumber: simulatedUid(), records: [] }));
  const readSimulatedLast = () => {
    if (!lastSimulated) return;
    const { uid, url } = lastSimulated;
    return read("simulation", async () => simulatedRead(uid, url));
  };

  async function search(by: LookupBy) {
    setSearching(true);
    setSearchError(null);
    try {
      const found = await lookupTag(by);
      setScanned({ source: "search", uid: "uid" in by ? by.uid : null, records: null, ...found });
    } catch (error) {
      setSearchError(failureOf(error, "Search failed"));
    } finally {
      setSearching(false);
    }
  }

  /** Writes a registered tag (or simulates it), then records the outcome: active, or inactive with the error. */
  async function writeTag(programmed: ProgrammedTag, attachedTo: PickedClient | null): Promise<boolean> {
    const base: ProgramRun = {
      programmed,
      mode,
      phase: "writing",
      ok: null,
      tag: programmed.tag,
      simulatedUid: null,
      error: null,
      attachedTo,
    };
    setRun(base);
    setStatus("programming");
    let result: WriteResultInput;
    let simulated: string | null = null;
    if (mode === "web-nfc") {
      cancel.current = new AbortController();
      try {
        const { uid } = await writeUrl(programmed.url, cancel.current.signal);
        result = { ok: true, uid: writtenUid(uid), device_info: deviceInfo(mode) };
      } catch (error) {
        result = { ok: false, error: messageOf(error).slice(0, 500), device_info: deviceInfo(mode) };
      }
    } else {
      // No chip: the record says so (device_info.mode), and no made-up UID reaches the registry.
      simulated = simulatedUid();
      result = { ok: true, device_info: deviceInfo(mode) };
    }
    setRun({ ...base, phase: "recording", simulatedUid: simulated });
    try {
      const written = await recordWrite.mutateAsync({ id: programmed.tag.id, result });
      const ok = result.ok;
      setRun({
        ...base,
        simulatedUid: simulated,
        phase: "done",
        ok,
        tag: written.tag,
        error: result.ok ? null : result.error,
      });
      if (ok) {
        // Issue #49: the next tag starts from a clean slate (the form empties itself); the
        // outcome stays, in view and focused (ProgramResult).
        setScanned(null);
        setReadError(null);
        setSearchError(null);
        setTagsWritten((n) => n + 1);
        notify({
          type: "success",
          title: written.message,
          description: `${written.tag.chipId}${attachedTo ? ` → ${attachedTo.name}` : ""}${simulated ? " (simulated)" : ""}`,
        });
        if (simulated) setLastSimulated({ uid: simulated, url: programmed.url });
      } else {
        setScanned((s) => (s?.tag?.id === written.tag.id ? { ...s, tag: written.tag } : s));
        notify({ type: "error", title: written.message, description: result.ok ? undefined : result.error });
      }
      setStatus(ok ? "ready" : "error");
      return ok;
    } catch (error) {
      const failure = failureOf(error, TAG_MESSAGES.programmingError);
      const words = transportFailure(error) ? `${failure.title}: ${failure.message}` : failure.message;
      setRun({ ...base, simulatedUid: simulated, phase: "done", ok: null, error: words });
      notify({ type: "error", title: failure.title, description: failure.message });
      setStatus("error");
      return false;
    }
  }

  /** 'Program tag' and 'Attach & write': register, then write. True once registered (the form empties). */
  async function program(body: ProgramTagInput, attach: boolean): Promise<boolean> {
    const attachTo = attach ? client : null;
    setFormError(null);
    setStatus("programming");
    let programmed: ProgrammedTag;
    try {
      programmed = await programTag.mutateAsync({ ...body, client_id: attachTo?.profileId ?? null });
    } catch (error) {
      const failure = failureOf(error, TAG_MESSAGES.programmingError);
      setStatus("error");
      setFormError(failure);
      notify({ type: "error", title: failure.title, description: failure.message });
      return false;
    }
    const ok = await writeTag(programmed, attachTo);
    // Spec part 2 §4: on attach success the selection is cleared.
    if (ok && attachTo) setClient(null);
    return true;
  }

  const writing = run !== null && run.phase !== "done";
  const formBusy = programTag.isPending || writing || status === "reading";

  return (
    <div className="mt-8 grid min-w-0 grid-cols-1 gap-6 lg:grid-cols-2 lg:items-start">
      <div className="flex min-w-0 flex-col gap-6">
        <ReaderPanel
          mode={mode}
          available={available}
          status={status}
          readError={readError}
          tryHint={tryHint}
          canSimulateLast={lastSimulated !== null}
          onRead={readWithNfc}
          onSimulateBlank={readSimulatedBlank}
          onSimulateLast={readSimulatedLast}
          onCancel={() => cancel.current?.abort()}
          onMode={(next) => {
            setMode(next);
            setReadError(null);
            setStatus("ready");
          }}
        />
        <ProgramForm
          formId={FORM_ID}
          busy={formBusy}
          error={formError}
          simulated={mode === "simulation"}
          onProgram={program}
        />
        <ClientPanel key={tagsWritten} selected={client} onSelect={setClient}>
          <Button type="submit" form={FORM_ID} name="attach" disabled={formBusy} aria-busy={formBusy}>
            Attach &amp; write
          </Button>
          {mode === "simulation" && <SimulationBadge />}
        </ClientPanel>
        {run && (
          <ProgramResult
            run={run}
            onCancel={() => cancel.current?.abort()}
            onRetry={() => writeTag(run.programmed, run.attachedTo)}
            onDone={() => {
              setRun(null);
              setStatus("ready");
            }}
          />
        )}
      </div>
      <div className="flex min-w-0 flex-col gap-6">
        {scanned && <ScannedTagCard scanned={scanned} />}
        <UtilitiesPanel
          key={tagsWritten}
          mode={mode}
          tag={scanned?.tag ?? null}
          searching={searching}
          searchError={searchError}
          onSearch={search}
          onTagChanged={(tag: AdminTag) =>
            setScanned((s) => (s ? { ...s, tag, state: tag.status === "locked" ? "locked" : "assigned" } : s))
          }
        />
        <EventsPanel client={client} />
      </div>
    </div>
  );
}
