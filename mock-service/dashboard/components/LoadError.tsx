import type { DashboardApiError } from "../api";
import { t } from "../i18n/i18n";

export function LoadError({ error }: { error: DashboardApiError }) {
  return (
    <p class="notice notice-error" role="alert">
      {error.status === 404 ? t("notFound") : t("errorGeneric", { message: error.message })}
    </p>
  );
}
