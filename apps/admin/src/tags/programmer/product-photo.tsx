import { resizePhoto } from "@releve/core/wardrobe/photo-resize";
import { FormAlert } from "@releve/ui";
import { type ChangeEvent, useState } from "react";
import { PhotoFileButton, PhotoProgressStatus } from "../../photo-input";
import { type Failure, failureOf } from "./failure";
import { type SavedGarmentPhoto, saveGarmentPhoto } from "./garment-photo";

type Upload =
  | { state: "idle" }
  | { state: "preparing" }
  | { state: "uploading"; percent: number | null }
  | ({ state: "done" } & SavedGarmentPhoto)
  | { state: "failed"; failure: Failure };

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
      const saved = await saveGarmentPhoto(garmentId, resized, (percent) => setUpload({ state: "uploading", percent }));
      setUpload({ state: "done", ...saved });
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
