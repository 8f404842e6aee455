import { TAG_MESSAGES } from "@releve/core/tags/rules";
import { Button } from "@releve/ui";
import { SimulationBadge } from "./tag-card";

/** Spec part 2 §4: the reader's states. */
export type ReaderStatus = "ready" | "reading" | "programming" | "error";
export type NfcMode = "web-nfc" | "simulation";

const STATUS_LABEL: Record<ReaderStatus, string> = {
  ready: "Ready",
  reading: "Reading...",
  programming: "Programming...",
  error: "Error",
};
const STATUS_DOT: Record<ReaderStatus, string> = {
  ready: "bg-ink",
  reading: "bg-gold animate-pulse",
  programming: "bg-gold animate-pulse",
  error: "bg-danger",
};

/**
 * Reader status and NFC availability; 'Read a tag' with Web NFC, or the simulation's reads
 * (a blank chip, or the tag just programmed) where the browser has none.
 */
export function ReaderPanel({
  mode,
  available,
  status,
  readError,
  tryHint,
  canSimulateLast,
  onRead,
  onSimulateBlank,
  onSimulateLast,
  onCancel,
  onMode,
}: {
  mode: NfcMode;
  available: boolean;
  status: ReaderStatus;
  readError: { title: string; message: string } | null;
  tryHint: boolean;
  canSimulateLast: boolean;
  onRead: () => void;
  onSimulateBlank: () => void;
  onSimulateLast: () => void;
  onCancel: () => void;
  onMode: (mode: NfcMode) => void;
}) {
  const busy = status === "reading" || status === "programming";
  return (
    <section aria-labelledby="reader-heading" className="flex min-w-0 flex-col gap-4 border border-ink/10 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="reader-heading" className="font-display text-2xl">
          Reader
        </h2>
        <p role="status" className="flex items-center gap-2 text-sm" data-reader-status={status}>
          <span aria-hidden="true" className={`inline-block size-2.5 rounded-full ${STATUS_DOT[status]}`} />
          <span>
            <span className="sr-only">Reader status: </span>
            {STATUS_LABEL[status]}
          </span>
        </p>
      </div>
      {available ? (
        <p className="text-sm">
          <span className="font-medium">NFC available</span>: this browser reads and writes tags (Web NFC).
        </p>
      ) : (
        <p className="border-l-2 border-gold bg-gold/10 px-3 py-2 text-sm">{TAG_MESSAGES.nfcNotAvailable}</p>
      )}
      {mode === "simulation" && (
        <div className="flex flex-col gap-1">
          <SimulationBadge />
          <p className="text-xs text-stone">
            Simulation mode: the garment and tag records are real and saved; only the chip is simulated.
          </p>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        {mode === "web-nfc" ? (
          <>
            <Button onClick={onRead} disabled={busy} aria-busy={status === "reading"}>
              {status === "reading" ? "Hold a tag to the phone..." : "Read a tag"}
            </Button>
            {status === "reading" && (
              <Button variant="secondary" onClick={onCancel}>
                Cancel
              </Button>
            )}
          </>
        ) : (
          <>
            <Button variant="secondary" onClick={onSimulateBlank} disabled={busy}>
              Read a simulated blank tag
            </Button>
            <Button variant="secondary" onClick={onSimulateLast} disabled={busy || !canSimulateLast}>
              Read the simulated tag just written
            </Button>
          </>
        )}
        {available && mode === "simulation" && (
          <Button variant="ghost" onClick={() => onMode("web-nfc")} disabled={busy}>
            Use the phone's NFC
          </Button>
        )}
      </div>
      {readError && (
        <div role="alert" className="border-l-2 border-danger bg-danger/5 px-4 py-3 text-sm text-danger">
          <p className="font-medium">{readError.title}</p>
          <p>{readError.message}</p>
        </div>
      )}
      {tryHint && mode === "web-nfc" && (
        <p className="text-sm">
          No luck with this tag?{" "}
          <Button variant="secondary" size="sm" onClick={() => onMode("simulation")}>
            Try Simulation
          </Button>
        </p>
      )}
    </section>
  );
}
