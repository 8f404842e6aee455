import { useCallback, useEffect, useState } from "react";
import { adminApi } from "./api";

export type Loadable<T> =
  | { state: "loading" }
  | { state: "error"; message: string; retry: () => void }
  | { state: "ready"; data: T; reload: () => void; refreshing: boolean };

/** GET an admin API path when mounted, when the path changes, and on reload. */
export function useAdminGet<T>(path: string): Loadable<T> {
  const [result, setResult] = useState<{ data?: T; error?: string; loading: boolean }>({ loading: true });
  const [generation, setGeneration] = useState(0);
  const reload = useCallback(() => setGeneration((n) => n + 1), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: generation re-runs the request on reload
  useEffect(() => {
    let live = true;
    setResult((previous) => ({ data: previous.data, loading: true }));
    adminApi<T>(path).then(
      (data) => live && setResult({ data, loading: false }),
      (error: Error) => live && setResult({ error: error.message, loading: false }),
    );
    return () => {
      live = false;
    };
  }, [path, generation]);

  if (result.error !== undefined) return { state: "error", message: result.error, retry: reload };
  if (result.data === undefined) return { state: "loading" };
  return { state: "ready", data: result.data, reload, refreshing: result.loading };
}
