import type { Product } from "@releve/core/passport/contracts";
import { resizePhoto } from "@releve/core/wardrobe/photo-resize";
import { Button, FormAlert } from "@releve/ui";
import { useQueryClient } from "@tanstack/react-query";
import { type ChangeEvent, useState } from "react";
import { PhotoFileButton, PhotoProgressStatus } from "../photo-input";
import { keys } from "../queries";
import { uploadImage } from "../upload";
import { useRemoveProductPhoto } from "./queries";

type Upload =
  | { state: "idle" }
  | { state: "preparing" }
  | { state: "uploading"; percent: number | null }
  | { state: "failed"; message: string };

/**
 * The product's photo (issue #31): the brand's picture of the model, shown on its passports and
 * its product page. Resized in the browser (1600 px, WebP, no EXIF), uploaded with its progress.
 */
export function ProductImage({ product, onChange }: { product: Product; onChange: (product: Product) => void }) {
  const [upload, setUpload] = useState<Upload>({ state: "idle" });
  const removing = useRemoveProductPhoto();
  const client = useQueryClient();
  const busy = upload.state === "preparing" || upload.state === "uploading" || removing.isPending;

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file || busy) return;
    setUpload({ state: "preparing" });
    try {
      const resized = await resizePhoto(file);
      setUpload({ state: "uploading", percent: null });
      const body = await uploadImage<{ product: Product }>(
        `/api/admin/products/${product.id}/photo`,
        resized.blob,
        (percent) => setUpload({ state: "uploading", percent }),
      );
      onChange(body.product);
      setUpload({ state: "idle" });
      await client.invalidateQueries({ queryKey: keys.products });
    } catch (error) {
      setUpload({ state: "failed", message: error instanceof Error ? error.message : String(error) });
    }
  }

  return (
    <section aria-label="Product photo" className="mt-6 flex flex-col gap-3 border-t border-ink/10 pt-4">
      <h3 className="text-xs font-medium uppercase tracking-[0.16em]">Photo</h3>
      {product.photo ? (
        <img
          src={product.photo.url}
          width={product.photo.width}
          height={product.photo.height}
          alt={product.name}
          decoding="async"
          className="h-auto max-h-56 w-auto max-w-full self-start border border-ink/10 bg-ivory object-contain"
        />
      ) : (
        <p className="text-sm text-stone">No photo yet: passports show the product without one.</p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <PhotoFileButton label={product.photo ? "Replace photo" : "Add photo"} busy={busy} onChoose={choose} />
        {product.photo && (
          <Button
            variant="secondary"
            disabled={busy}
            aria-busy={removing.isPending}
            onClick={() => removing.mutate(product.id, { onSuccess: (body) => onChange(body.product) })}
          >
            Remove photo
          </Button>
        )}
      </div>
      {(upload.state === "preparing" || upload.state === "uploading") && <PhotoProgressStatus progress={upload} />}
      {upload.state === "failed" && <FormAlert title="The photo was not saved">{upload.message}</FormAlert>}
      {removing.isError && <FormAlert title="The photo was not removed">{removing.error.message}</FormAlert>}
    </section>
  );
}
