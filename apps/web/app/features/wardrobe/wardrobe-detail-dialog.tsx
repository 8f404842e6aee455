import { garmentLabels } from "@releve/core/wardrobe/garment";
import { resizePhoto } from "@releve/core/wardrobe/photo-resize";
import { Button, buttonClass, FormAlert } from "@releve/ui";
import { useEffect, useId, useRef, useState } from "react";
import { Link, useRevalidator } from "react-router";
import { SWITCH_CLASS } from "../../components/switch-field";
import { hasWebNfc, readTagWithTimeout, tapSlugOf } from "../../lib/web-nfc";
import type { GarmentCardData } from "./garment-card";
import { GarmentImage } from "./garment-image";

export type WardrobePiece = GarmentCardData & { short_slug: string };

/** Spec part 2 §2: the native read is simulated with a 2 s delay where Web NFC is missing. */
export const NFC_SIMULATION_MS = 2000;
const SAVE_FAILED = "Save Failed: Please try again or contact support.";

type PhotoState =
  | { kind: "idle" }
  | { kind: "busy"; label: string }
  | { kind: "done"; message: string }
  | { kind: "error"; message: string };

type SyncState =
  | { kind: "idle" }
  | { kind: "reading"; simulated: boolean }
  | { kind: "result"; tone: "ok" | "warn"; title: string; text: string; simulated: boolean };

/** Sends one change to the photo API; the error it answers with is the message to show. */
async function photoRequest(garmentId: number, init: RequestInit, path: "" | "/card" = "") {
  const response = await fetch(`/api/garments/${garmentId}/photo${path}`, init);
  if (response.ok) return;
  const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
  throw new Error(body?.error?.message ?? SAVE_FAILED);
}

function PhotoControls({ piece, name }: { piece: WardrobePiece; name: string }) {
  const revalidator = useRevalidator();
  const inputId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<PhotoState>({ kind: "idle" });
  const [confirmRemove, setConfirmRemove] = useState(false);
  const busy = state.kind === "busy";
  const hasPhoto = piece.photo_key !== null;
  // Shown at once (optimistic); the saved value comes back with the page's data, or the switch flips back.
  const [shown, setShown] = useState(piece.photo_public);
  useEffect(() => setShown(piece.photo_public), [piece.photo_public]);

  const run = async (label: string, work: () => Promise<void>, done: string) => {
    setState({ kind: "busy", label });
    try {
      await work();
      await revalidator.revalidate();
      setState({ kind: "done", message: done });
    } catch (error) {
      setShown(piece.photo_public);
      setState({ kind: "error", message: error instanceof Error ? error.message : SAVE_FAILED });
    }
  };

  const upload = (file: File) =>
    run(
      "Preparing photo...",
      async () => {
        // Resized to 1600 px WebP here: EXIF (location included) never leaves the phone.
        const photo = await resizePhoto(file);
        setState({ kind: "busy", label: "Uploading..." });
        await photoRequest(piece.id, { method: "PUT", body: photo.blob, headers: { "Content-Type": photo.blob.type } });
        // Then its card-size copy (decision 0039); if that fails the photo stays, and the card shows it instead.
        const { card } = photo;
        try {
          await photoRequest(
            piece.id,
            { method: "PUT", body: card.blob, headers: { "Content-Type": card.blob.type } },
            "/card",
          );
        } catch (error) {
          await revalidator.revalidate();
          const reason = error instanceof Error ? error.message : SAVE_FAILED;
          throw new Error(`Photo saved, but not its card-size copy: ${reason}`);
        }
      },
      hasPhoto ? "Photo replaced." : "Photo added.",
    );

  return (
    <section aria-labelledby={`${inputId}-title`} className="flex flex-col gap-3">
      <h3 id={`${inputId}-title`} className="text-xs uppercase tracking-[0.18em] text-stone">
        Photo
      </h3>
      <div className="flex flex-wrap gap-3">
        <input
          ref={fileInput}
          id={inputId}
          type="file"
          accept="image/*"
          className="sr-only"
          disabled={busy}
          aria-label={hasPhoto ? `Replace the photo of ${name}` : `Add a photo of ${name}`}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = "";
            if (file) void upload(file);
          }}
        />
        <Button type="button" variant="primary" disabled={busy} onClick={() => fileInput.current?.click()}>
          {hasPhoto ? "Replace Photo" : "Add Photo"}
        </Button>
        {hasPhoto && !confirmRemove && (
          <Button type="button" variant="secondary" disabled={busy} onClick={() => setConfirmRemove(true)}>
            Remove Photo
          </Button>
        )}
      </div>
      {confirmRemove && (
        <div className="flex flex-wrap items-center gap-3 border-l-2 border-danger pl-3 text-sm">
          <span>Remove this photo? Visitors will see the brand image instead.</span>
          <Button
            type="button"
            variant="danger"
            disabled={busy}
            onClick={() => {
              setConfirmRemove(false);
              void run("Removing...", () => photoRequest(piece.id, { method: "DELETE" }), "Photo removed.");
            }}
          >
            Remove
          </Button>
          <Button type="button" variant="ghost" onClick={() => setConfirmRemove(false)}>
            Keep
          </Button>
        </div>
      )}
      <label className="flex min-h-11 items-center justify-between gap-4">
        <span className="flex flex-col text-sm">
          <span>Show this photo on my card</span>
          <span className="text-xs text-stone">
            {hasPhoto ? "Visitors who tap this piece see it. Off unless you turn it on." : "Add a photo first."}
          </span>
        </span>
        <input
          type="checkbox"
          role="switch"
          checked={hasPhoto && shown}
          aria-checked={hasPhoto && shown}
          disabled={!hasPhoto || busy}
          onChange={(event) => {
            const visible = event.target.checked;
            setShown(visible);
            void run(
              "Saving...",
              () =>
                photoRequest(piece.id, {
                  method: "PATCH",
                  body: JSON.stringify({ public: visible }),
                  headers: { "Content-Type": "application/json" },
                }),
              visible ? "Visitors now see this photo." : "The photo is now private.",
            );
          }}
          className={SWITCH_CLASS}
        />
      </label>
      <div aria-live="polite" className="min-h-5 text-sm">
        {state.kind === "busy" && <span className="text-stone">{state.label}</span>}
        {state.kind === "done" && <span>{state.message}</span>}
      </div>
      {state.kind === "error" && <FormAlert title="Photo not saved">{state.message}</FormAlert>}
    </section>
  );
}

/**
 * 'NFC Sync' (issue #19): reads the piece's tag with Web NFC and says whether it still opens
 * this piece. Without Web NFC it is the spec's simulation (2 s), labelled as one: nothing is read.
 */
function NfcSync({ piece, name }: { piece: WardrobePiece; name: string }) {
  const [state, setState] = useState<SyncState>({ kind: "idle" });
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const sync = async () => {
    if (!hasWebNfc()) {
      setState({ kind: "reading", simulated: true });
      await new Promise((resolve) => setTimeout(resolve, NFC_SIMULATION_MS));
      setState({
        kind: "result",
        tone: "warn",
        simulated: true,
        title: "Simulation only",
        text: `NFC is not available on this device or browser, so no tag was read. On a phone with NFC (Chrome on Android), hold it to the label to check that it opens /t/${piece.short_slug}.`,
      });
      return;
    }
    setState({ kind: "reading", simulated: false });
    controller.current = new AbortController();
    try {
      const text = await readTagWithTimeout(controller.current);
      const slug = tapSlugOf(text);
      setState(
        slug === piece.short_slug
          ? {
              kind: "result",
              tone: "ok",
              simulated: false,
              title: "In sync",
              text: `This tag opens ${name}: /t/${slug}.`,
            }
          : {
              kind: "result",
              tone: "warn",
              simulated: false,
              title: "Out of sync",
              text: slug
                ? `This tag opens /t/${slug}, not ${name} (/t/${piece.short_slug}). If it is this piece's label, contact support to have it reprogrammed.`
                : "NFC Tag Detected: this tag is not one of Relevé's garments.",
            },
      );
    } catch (error) {
      setState({
        kind: "result",
        tone: "warn",
        simulated: false,
        title: "NFC Read Error",
        text: error instanceof Error ? error.message : "Unknown error",
      });
    }
  };

  const reading = state.kind === "reading";
  return (
    <section className="flex flex-col gap-3">
      <h3 className="text-xs uppercase tracking-[0.18em] text-stone">Tag</h3>
      <Button type="button" variant="secondary" onClick={sync} disabled={reading} aria-busy={reading}>
        {reading ? (state.simulated ? "Simulating..." : "Hold the phone to the label...") : "NFC Sync"}
      </Button>
      <div aria-live="polite" className="text-sm">
        {state.kind === "result" && (
          <p className={`border-l-2 pl-3 ${state.tone === "ok" ? "border-gold" : "border-danger"}`}>
            <span className="font-medium">{state.title}</span>
            {state.simulated && <span className="text-stone"> (simulation)</span>}: {state.text}
          </p>
        )}
      </div>
    </section>
  );
}

/**
 * The wardrobe's detail view of one piece (spec part 1 §2, second wardrobe page): its photo,
 * 'Add Photo', whether visitors see it, 'NFC Sync', 'View Connections'. A native modal
 * <dialog>: focus moves in, Escape closes, focus returns to what opened it.
 */
export function WardrobeDetailDialog({ piece, onClose }: { piece: WardrobePiece | null; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const open = piece !== null;

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  const labels = piece ? garmentLabels(piece) : null;
  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onClose={onClose}
      className="m-auto max-h-[92dvh] w-[min(100vw-1.5rem,44rem)] overflow-y-auto bg-ivory p-0 text-ink backdrop:bg-ink/60"
    >
      {piece && labels && (
        <div className="grid gap-6 p-5 sm:grid-cols-[16rem_1fr] sm:p-8">
          <div className="flex items-start justify-between gap-3 sm:col-span-2">
            <div>
              <h2 id={titleId} className="font-display text-3xl">
                {labels.name}
              </h2>
              <p className="mt-1 text-sm text-stone">
                {labels.brand} · {labels.type} · {labels.color} · {labels.size}
              </p>
            </div>
            <button
              type="button"
              onClick={() => dialog.current?.close()}
              className={buttonClass("ghost", "shrink-0")}
              aria-label="Close"
            >
              Close
            </button>
          </div>
          <GarmentImage
            garment={piece}
            alt={`Photo of ${labels.name}`}
            eager
            className="mx-auto max-w-48 border border-ink/10 sm:max-w-none"
          />
          <div className="flex flex-col gap-8">
            <PhotoControls key={piece.id} piece={piece} name={labels.name} />
            <NfcSync key={`nfc-${piece.id}`} piece={piece} name={labels.name} />
            <div className="flex flex-wrap gap-3">
              <Link to={`/connections?garment=${piece.id}`} className={buttonClass("primary")}>
                View Connections
              </Link>
              <Link to={`/dashboard/garment/${piece.id}`} className={buttonClass("secondary")}>
                View Details
              </Link>
            </div>
            {piece.product_id !== null && (
              <p className="text-sm">
                {/* A plain-HTML page (no client script): a full document load. */}
                <a href={`/passport/${piece.short_slug}`} className="underline underline-offset-4">
                  About this piece
                </a>
                <span className="text-stone"> · its passport: materials, care and provenance, nothing of yours</span>
              </p>
            )}
          </div>
        </div>
      )}
    </dialog>
  );
}
