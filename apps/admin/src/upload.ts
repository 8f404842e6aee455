import type { ErrorBody } from "@releve/core";
import { ApiError } from "./api";

/**
 * PUT `url` with an image body, through XMLHttpRequest (fetch has no upload progress): the
 * answer's JSON on 200; otherwise rejects with an ApiError and the API's own message (status 0
 * when the server could not be reached, as `adminApi`).
 */
export function uploadImage<T>(url: string, blob: Blob, onProgress: (percent: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("PUT", url);
    xhr.setRequestHeader("Content-Type", blob.type);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.responseType = "json";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      const body = xhr.response as T | ErrorBody | null;
      if (xhr.status === 200 && body) resolve(body as T);
      else
        reject(
          new ApiError(
            xhr.status,
            body && typeof body === "object" && "error" in body
              ? (body as ErrorBody).error.message
              : `The photo could not be saved (the server answered ${xhr.status}).`,
          ),
        );
    };
    xhr.onerror = () => reject(new ApiError(0, "The server could not be reached. Check the connection and try again."));
    xhr.send(blob);
  });
}
