import type { ChangeEvent } from "react";
import { useId } from "react";
import { type PhotoProgress, photoProgressText } from "./photo-progress";

/** 'Add photo' as a button-like label over a hidden file input: JPEG, PNG or WebP. */
export function PhotoFileButton({
  label,
  busy,
  onChoose,
}: {
  label: string;
  busy: boolean;
  onChoose: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  const inputId = useId();
  return (
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
        onChange={onChoose}
      />
    </label>
  );
}

/** What the photo's upload is doing, announced as it changes. */
export function PhotoProgressStatus({ progress }: { progress: PhotoProgress }) {
  if (progress.state === "preparing")
    return (
      <p role="status" className="text-sm text-stone">
        {photoProgressText(progress)}
      </p>
    );
  return (
    <div role="status" className="flex items-center gap-3 text-sm text-stone">
      <span>{photoProgressText(progress)}</span>
      <progress
        aria-label="Upload progress"
        max={100}
        value={progress.percent ?? undefined}
        className="h-2 w-40 accent-ink"
      />
    </div>
  );
}
