import type { GarmentPhoto } from "@releve/core/wardrobe/photo";
import { resizePhoto } from "@releve/core/wardrobe/photo-resize";
import { FormAlert } from "@releve/ui";
import { type ChangeEvent, useState } from "react";
import { PhotoFileButton, PhotoProgressStatus } from "../../photo-input";
import { uploadImage } from "../../upload";
import { type Failure, failureOf } from "./failure";

type Upload =
  | { state: "idle" }
  | { state: "preparing" }
  | { state: "uploading"; percent: number | null }
  /** `cardError`: the photo is stored but its card-size copy was refused or lost (decision 0039). */
  | { state: "done"; photo: GarmentPhoto; cardError?: string }
  | { state: "failed"; failure: Failure };

/** The garment's photo (or, with "/card", its card-size rendition), uploaded; the photo as stored. */
async function uploadPhoto(
  garmentId: number,
  blob: Blob,
  onProgress: (percent: number) => void,
  path: "" | "/card" = "",
): Promise<GarmentPhoto> {
  const body = await uploadImage<{ photo: GarmentPhoto | null }>(
    `/api/admin/garments/${garmentId}/photo${path}`,
    blob,
    onProgress,
  );
  if (!body.photo) throw new Error("The photo could not be saved.");
  return body.photo;
}

/**
 * 'Add product photo' once a tag is programmed (issue #19): the photo is resized in the browser
 * (at most 1600 px a side, WebP, no EXIF), uploaded with its progress shown, then shown as
 * stored. The garment's owner decides later whether visitors see it on the share card.
 */
export function ProductPhoto({ garmentId, garmentTitle }: { garmentId: number; garmentTitle: string }) {
  const [upload, setUpload] = useState<Upload>({ state: "idle" });
  const busy = upload.state === "preparing" || upload.state === "uploading";

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file || busy) return;
    setUpload({ state: "preparing" });
    try {
      const resized = await resizePhoto(file);
      setUpload({ state: "uploading", percent: null });
      const photo = await uploadPhoto(garmentId, resized.blob, (percent) => setUpload({ state: "uploading", percent }));
      // Then its card-size copy for the share card; if it fails the photo stays and the card shows it.
      try {
        const withCard = await uploadPhoto(garmentId, resized.card.blob, () => {}, "/card");
        setUpload({ state: "done", photo: withCard });
      } catch (error) {
        setUpload({ state: "done", photo, cardError: error instanceof Error ? error.message : String(error) });
      }
    } catch (error) {
      setUpload({ state: "failed", failure: failureOf(error, "The photo was not saved") });
    }
  }

  const label = upload.state === "done" ? "Replace product photo" : "Add product photo";
  return (
    <section aria-label="Product photo" className="flex flex-col gap-3 border-t border-ink/10 pt-4">
      {upload.state === "done" && (
        <img
          src={upload.photo.url}
          width={upload.photo.width}
          height={upload.photo.height}
          alt={garmentTitle}
          decoding="async"
          className="h-auto max-h-64 w-auto max-w-full self-start border border-ink/10 bg-ivory object-contain"
        />
      )}
      <div className="flex flex-wrap items-center gap-3">
        <PhotoFileButton label={label} busy={busy} onChoose={choose} />
        <p className="text-xs text-stone">JPEG, PNG or WebP; resized to 1600 px before upload.</p>
      </div>
      {(upload.state === "preparing" || upload.state === "uploading") && <PhotoProgressStatus progress={upload} />}
      {upload.state === "done" && (
        <p role="status" className="text-sm">
          Photo saved ({upload.photo.width} × {upload.photo.height}). The owner chooses whether visitors see it.
        </p>
      )}
      {upload.state === "done" && upload.cardError && (
        <FormAlert title="Its card-size copy was not saved">{upload.cardError}</FormAlert>
      )}
      {upload.state === "failed" && <FormAlert title={upload.failure.title}>{upload.failure.message}</FormAlert>}
    </section>
  );
}
