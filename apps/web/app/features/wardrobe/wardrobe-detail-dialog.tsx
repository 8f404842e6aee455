import { PhotoResizeError, resizePhoto } from "@releve/core/wardrobe/photo-resize";
import { slot, splitSlots } from "@releve/i18n";
import { m } from "@releve/i18n/messages";
import { Button, buttonClass, FormAlert } from "@releve/ui";
import { Fragment, useEffect, useId, useRef, useState } from "react";
import { Link, useRevalidator } from "react-router";
import { SWITCH_CLASS } from "../../components/switch-field";
import { hasWebNfc, readTagWithTimeout, tapSlugOf } from "../../lib/web-nfc";
import type { GarmentCardData } from "./garment-card";
import { GarmentImage } from "./garment-image";
import { garmentWords, nfcProblem, photoRefusal, resizeRefusal } from "./words";

export type WardrobePiece = GarmentCardData & { short_slug: string };

/** Spec part 2 §2: the native read is simulated with a 2 s delay where Web NFC is missing. */
const NFC_SIMULATION_MS = 2000;

type PhotoState =
  | { kind: "idle" }
  | { kind: "busy"; label: string }
  | { kind: "done"; message: string }
  | { kind: "error"; message: string };

type SyncState =
  | { kind: "idle" }
  | { kind: "reading"; simulated: boolean }
  | { kind: "result"; tone: "ok" | "warn"; title: string; text: string; simulated: boolean };

/** A refused photo step, already said in the reader's language. */
class PhotoFailure extends Error {}

/** Sends one change to the photo API; a refusal is said by its codes (photoRefusal). */
async function photoRequest(garmentId: number, init: RequestInit, path: "" | "/card" = "") {
  const response = await fetch(`/api/garments/${garmentId}/photo${path}`, init);
  if (response.ok) return;
  const body = (await response.json().catch(() => null)) as { error?: Parameters<typeof photoRefusal>[0] } | null;
  throw new PhotoFailure(photoRefusal(body?.error, path === "/card"));
}

/** What a failed photo step says: the API's refusal, the resize's, or the general failure. */
const failureSaid = (error: unknown) =>
  error instanceof PhotoFailure
    ? error.message
    : error instanceof PhotoResizeError
      ? resizeRefusal(error)
      : m.wardrobe_save_failed();

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
      setState({
        kind: "error",
        message: failureSaid(error),
      });
    }
  };

  const upload = (file: File) =>
    run(
      m.wardrobe_preparing_photo(),
      async () => {
        // Resized to 1600 px WebP here: EXIF (location included) never leaves the phone.
        const photo = await resizePhoto(file);
        setState({ kind: "busy", label: m.wardrobe_uploading() });
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
          throw new PhotoFailure(m.wardrobe_card_copy_failed({ reason: failureSaid(error) }));
        }
      },
      hasPhoto ? m.wardrobe_photo_replaced() : m.wardrobe_photo_added(),
    );

  return (
    <section aria-labelledby={`${inputId}-title`} className="flex flex-col gap-3">
      <h3 id={`${inputId}-title`} className="text-xs uppercase tracking-[0.18em] text-stone">
        {m.wardrobe_photo()}
      </h3>
      <div className="flex flex-wrap gap-3">
        <input
          ref={fileInput}
          id={inputId}
          type="file"
          accept="image/*"
          className="sr-only"
          disabled={busy}
          aria-label={hasPhoto ? m.wardrobe_replace_photo_of({ name }) : m.wardrobe_add_photo_of({ name })}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = "";
            if (file) void upload(file);
          }}
        />
        <Button type="button" variant="primary" disabled={busy} onClick={() => fileInput.current?.click()}>
          {hasPhoto ? m.wardrobe_replace_photo() : m.wardrobe_add_photo()}
        </Button>
        {hasPhoto && !confirmRemove && (
          <Button type="button" variant="secondary" disabled={busy} onClick={() => setConfirmRemove(true)}>
            {m.wardrobe_remove_photo()}
          </Button>
        )}
      </div>
      {confirmRemove && (
        <div className="flex flex-wrap items-center gap-3 border-l-2 border-danger pl-3 text-sm">
          <span>{m.wardrobe_remove_photo_confirm()}</span>
          <Button
            type="button"
            variant="danger"
            disabled={busy}
            onClick={() => {
              setConfirmRemove(false);
              void run(
                m.wardrobe_removing(),
                () => photoRequest(piece.id, { method: "DELETE" }),
                m.wardrobe_photo_removed(),
              );
            }}
          >
            {m.wardrobe_remove()}
          </Button>
          <Button type="button" variant="ghost" onClick={() => setConfirmRemove(false)}>
            {m.wardrobe_keep()}
          </Button>
        </div>
      )}
      <label className="flex min-h-11 items-center justify-between gap-4">
        <span className="flex flex-col text-sm">
          <span>{m.wardrobe_show_photo()}</span>
          <span className="text-xs text-stone">
            {hasPhoto ? m.wardrobe_show_photo_hint() : m.wardrobe_add_photo_first()}
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
              m.dashboard_saving(),
              () =>
                photoRequest(piece.id, {
                  method: "PATCH",
                  body: JSON.stringify({ public: visible }),
                  headers: { "Content-Type": "application/json" },
                }),
              visible ? m.wardrobe_photo_public() : m.wardrobe_photo_private(),
            );
          }}
          className={SWITCH_CLASS}
        />
      </label>
      <div aria-live="polite" className="min-h-5 text-sm">
        {state.kind === "busy" && <span className="text-stone">{state.label}</span>}
        {state.kind === "done" && <span>{state.message}</span>}
      </div>
      {state.kind === "error" && <FormAlert title={m.wardrobe_photo_not_saved()}>{state.message}</FormAlert>}
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
        title: m.wardrobe_simulation_only(),
        text: m.wardrobe_sync_simulated({ path: `/t/${piece.short_slug}` }),
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
              title: m.wardrobe_in_sync(),
              text: m.wardrobe_in_sync_text({ name, path: `/t/${slug}` }),
            }
          : {
              kind: "result",
              tone: "warn",
              simulated: false,
              title: m.wardrobe_out_of_sync(),
              text: slug
                ? m.wardrobe_out_of_sync_text({ path: `/t/${slug}`, name, own: `/t/${piece.short_slug}` })
                : m.wardrobe_nfc_foreign_tag(),
            },
      );
    } catch (error) {
      setState({
        kind: "result",
        tone: "warn",
        simulated: false,
        title: m.wardrobe_nfc_read_error(),
        text: nfcProblem(error),
      });
    }
  };

  const reading = state.kind === "reading";
  return (
    <section className="flex flex-col gap-3">
      <h3 className="text-xs uppercase tracking-[0.18em] text-stone">{m.wardrobe_tag()}</h3>
      <Button type="button" variant="secondary" onClick={sync} disabled={reading} aria-busy={reading}>
        {reading ? (state.simulated ? m.wardrobe_simulating() : m.wardrobe_hold_to_label()) : m.wardrobe_nfc_sync()}
      </Button>
      <div aria-live="polite" className="text-sm">
        {state.kind === "result" && (
          <p className={`border-l-2 pl-3 ${state.tone === "ok" ? "border-gold" : "border-danger"}`}>
            {splitSlots(m.wardrobe_sync_line({ title: slot("title"), text: state.text })).map((part) =>
              typeof part === "string" ? (
                part
              ) : (
                <Fragment key={part.slot}>
                  <span className="font-medium">{state.title}</span>
                  {state.simulated && <span className="text-stone"> {m.wardrobe_simulation_mark()}</span>}
                </Fragment>
              ),
            )}
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

  const labels = piece ? garmentWords(piece) : null;
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
              aria-label={m.wardrobe_close()}
            >
              {m.wardrobe_close()}
            </button>
          </div>
          <GarmentImage
            garment={piece}
            alt={m.wardrobe_photo_of({ name: labels.name })}
            eager
            className="mx-auto max-w-48 border border-ink/10 sm:max-w-none"
          />
          <div className="flex flex-col gap-8">
            <PhotoControls key={piece.id} piece={piece} name={labels.name} />
            <NfcSync key={`nfc-${piece.id}`} piece={piece} name={labels.name} />
            <div className="flex flex-wrap gap-3">
              <Link to={`/connections?garment=${piece.id}`} className={buttonClass("primary")}>
                {m.wardrobe_view_connections()}
              </Link>
              <Link to={`/dashboard/garment/${piece.id}`} className={buttonClass("secondary")}>
                {m.wardrobe_view_details()}
              </Link>
            </div>
            {piece.product_id !== null && (
              <p className="text-sm">
                {/* A plain-HTML page (no client script): a full document load. */}
                <a href={`/passport/${piece.short_slug}`} className="underline underline-offset-4">
                  {m.tap_about_piece()}
                </a>
                <span className="text-stone"> {m.wardrobe_passport_note()}</span>
              </p>
            )}
          </div>
        </div>
      )}
    </dialog>
  );
}
