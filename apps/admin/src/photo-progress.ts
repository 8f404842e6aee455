/** A photo on its way: resized in the browser, then uploaded (percent once the browser knows it). */
export type PhotoProgress = { state: "preparing" } | { state: "uploading"; percent: number | null };

/** What the photo's upload is doing, as announced. */
export const photoProgressText = (progress: PhotoProgress) =>
  progress.state === "preparing"
    ? "Preparing the photo..."
    : `Uploading the photo${progress.percent === null ? "..." : ` ${progress.percent}%`}`;
