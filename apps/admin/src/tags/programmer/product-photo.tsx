import type { ErrorBody } from "@releve/core";
import type { GarmentPhoto } from "@releve/core/wardrobe/photo";
import { resizePhoto } from "@releve/core/wardrobe/photo-resize";
import { FormAlert } from "@releve/ui";
import { type ChangeEvent, useId, useState } from "react";

type Upload =
  | { state: "idle" }
  | { state: "preparing" }
  | { state: "uploading"; percent: number | null }
  /** `cardError`: the photo is stored but its card-size copy was refused or lost (decision 0039). */
  | { state: "done"; photo: GarmentPhoto; cardError?: string }
  | { state: "failed"; message: string };

/**
 * PUT /api/admin/garments/:id/photo (or /photo/card, its card-size rendition) with the resized
 * image, through XMLHttpRequest: fetch has no upload progress. Resolves with the stored photo;
 * rejects with the API's own message.
 */
function uploadPhoto(
  garmentId: number,
  blob: Blob,
  onProgress: (percent: number) => void,
  path: "" | "/card" = "",
): Promise<GarmentPhoto> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("PUT", `/api/admin/garments/${garmentId}/photo${path}`);
    xhr.setRequestHeader("Content-Type", blob.type);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.responseType = "json";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      const body = xhr.response as { photo: GarmentPhoto | null } | ErrorBody | null;
      if (xhr.status === 200 && body && "photo" in body && body.photo) resolve(body.photo);
      else
        reject(
          new Error(
            body && "error" in body
              ? body.error.message
              : `The photo could not be saved (the server answered ${xhr.status}).`,
          ),
        );
    };
    xhr.onerror = () => reject(new Error("The server could not be reached. Check the connection and try again."));
    xhr.send(blob);
  });
}

/**
 * 'Add product photo' once a tag is programmed (issue #19): the photo is resized in the browser
 * (at most 1600 px a side, WebP, no EXIF), uploaded with its progress shown, then shown as
 * stored. The garment's owner decides later whether visitors see it on the share card.
 */
export function ProductPhoto({ garmentId, garmentTitle }: { garmentId: number; garmentTitle: string }) {
  const [upload, setUpload] = useState<Upload>({ state: "idle" });
  const inputId = useId();
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
      setUpload({ state: "failed", message: error instanceof Error ? error.message : String(error) });
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
        <label
          htmlFor={inputId}
          className={`inline-flex min-h-11 cursor-pointer items-center border border-ink px-4 text-sm ${
            busy ? "pointer-events-none opacity-50" : "hover:bg-ink hover:text-ivory"
          } focus-within:outline-2 focus-within:outline-offset-2`}
        >
          {label}
          <input
            id={inputId}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="sr-only"
            disabled={busy}
            onChange={choose}
          />
        </label>
        <p className="text-xs text-stone">JPEG, PNG or WebP; resized to 1600 px before upload.</p>
      </div>
      {upload.state === "preparing" && (
        <p role="status" className="text-sm text-stone">
          Preparing the photo...
        </p>
      )}
      {upload.state === "uploading" && (
        <div role="status" className="flex items-center gap-3 text-sm text-stone">
          <span>Uploading the photo{upload.percent === null ? "..." : ` ${upload.percent}%`}</span>
          <progress
            aria-label="Upload progress"
            max={100}
            value={upload.percent ?? undefined}
            className="h-2 w-40 accent-ink"
          />
        </div>
      )}
      {upload.state === "done" && (
        <p role="status" className="text-sm">
          Photo saved ({upload.photo.width} × {upload.photo.height}). The owner chooses whether visitors see it.
        </p>
      )}
      {upload.state === "done" && upload.cardError && (
        <FormAlert title="Its card-size copy was not saved">{upload.cardError}</FormAlert>
      )}
      {upload.state === "failed" && <FormAlert title="The photo was not saved">{upload.message}</FormAlert>}
    </section>
  );
}
