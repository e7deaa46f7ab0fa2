import { useEffect, useState } from "preact/hooks";
import { callApi, DashboardApiError } from "./api";
import { changes } from "./live";

export interface Resource<T> {
  data: T | undefined;
  error: DashboardApiError | undefined;
  reload: () => void;
}

/** The last answer, with the path it answers: a failed read again keeps that path's data on screen. */
type Answer<T> = { path: string; data?: T; error?: DashboardApiError };

/**
 * Reads `/dashboard/api/<path>` and reads it again whenever the path changes or the service announces
 * a change. What is shown stays on screen while the same path is read again, so live updates do not
 * flicker (nor close what the user opened); an answer for another path is never shown.
 */
export function useResource<T>(path: string): Resource<T> {
  const [answer, setAnswer] = useState<Answer<T> | undefined>(undefined);
  const [manual, setManual] = useState(0);
  const tick = changes.value;
  useEffect(() => {
    let current = true;
    callApi<T>("GET", path).then(
      (data) => current && setAnswer({ path, data }),
      (err: unknown) => {
        if (!current) return;
        const error =
          err instanceof DashboardApiError ? err : new DashboardApiError(0, undefined, String(err));
        setAnswer((last) => ({ path, data: last?.path === path ? last.data : undefined, error }));
      },
    );
    return () => {
      current = false;
    };
  }, [path, tick, manual]);
  const mine = answer?.path === path ? answer : undefined;
  return { data: mine?.data, error: mine?.error, reload: () => setManual((n) => n + 1) };
}
