import { useEffect, useState } from "preact/hooks";
import { callApi, DashboardApiError } from "./api";
import { changes } from "./live";

export interface Resource<T> {
  data: T | undefined;
  error: DashboardApiError | undefined;
  reload: () => void;
}

/**
 * Reads `/dashboard/api/<path>` and reads it again whenever the path changes or the service announces
 * a change. What is shown stays on screen while it is read again, so live updates do not flicker.
 */
export function useResource<T>(path: string): Resource<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<DashboardApiError | undefined>(undefined);
  const [manual, setManual] = useState(0);
  const tick = changes.value;
  useEffect(() => {
    let current = true;
    callApi<T>("GET", path).then(
      (value) => {
        if (!current) return;
        setData(value);
        setError(undefined);
      },
      (err: unknown) => {
        if (!current) return;
        setError(err instanceof DashboardApiError ? err : new DashboardApiError(0, undefined, String(err)));
      },
    );
    return () => {
      current = false;
    };
  }, [path, tick, manual]);
  useEffect(() => setData(undefined), [path]);
  return { data, error, reload: () => setManual((n) => n + 1) };
}
