import { t } from "../i18n/i18n";

/**
 * Newer / older buttons of a list paged by cursor: `cursors` holds the last id of each page before
 * the one shown, so "newer" drops one and "older" pushes the last id shown.
 */
export function Pager({
  label,
  cursors,
  setCursors,
  hasMore,
  lastId,
}: {
  label: string;
  cursors: string[];
  setCursors: (cursors: string[]) => void;
  hasMore: boolean;
  lastId: string | undefined;
}) {
  if (cursors.length === 0 && !hasMore) return null;
  return (
    <nav class="pager" aria-label={label}>
      <button type="button" disabled={cursors.length === 0} onClick={() => setCursors(cursors.slice(0, -1))}>
        {t("newer")}
      </button>
      <button
        type="button"
        disabled={!hasMore}
        onClick={() => {
          if (lastId) setCursors([...cursors, lastId]);
        }}
      >
        {t("older")}
      </button>
    </nav>
  );
}
