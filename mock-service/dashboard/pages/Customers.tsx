import { useState } from "preact/hooks";
import type { DashboardCustomer } from "../../contract";
import { callApi, DashboardApiError } from "../api";
import { LoadError } from "../components/LoadError";
import { Notice } from "../components/Notice";
import { formatTime } from "../format";
import { t } from "../i18n/i18n";
import { useResource } from "../use-resource";

type StoredMethod = DashboardCustomer["paymentMethods"][number];

function describe(method: StoredMethod): string {
  return method.code === "CC"
    ? t("cardEnding", {
        brand: method.brand,
        last4: method.last4Digits,
        month: method.expiryMonth,
        year: method.expiryYear,
      })
    : t("mbwayEnding", { country: method.countryCode, last3: method.last3Digits });
}

function fullName(customer: DashboardCustomer): string {
  return [customer.firstName, customer.lastName].filter(Boolean).join(" ");
}

export function Customers() {
  const { data, error, reload } = useResource<{ items: DashboardCustomer[]; hasMore: boolean }>(
    "customers?limit=100",
  );
  const [notice, setNotice] = useState<{ text: string; error: boolean } | undefined>(undefined);
  const remove = async (customer: DashboardCustomer, method: StoredMethod) => {
    try {
      await callApi("DELETE", `customers/${customer.uuid}/payment-methods/${method.uuid}`);
      setNotice({ text: t("methodDeleted"), error: false });
    } catch (err) {
      const message = err instanceof DashboardApiError ? err.message : String(err);
      setNotice({ text: t("errorGeneric", { message }), error: true });
    }
    reload();
  };
  return (
    <>
      <h1>{t("customersTitle")}</h1>
      <Notice message={notice?.text} error={notice?.error} />
      {error && <LoadError error={error} />}
      {!data && !error && <p>{t("loading")}</p>}
      {data && data.items.length === 0 && <p>{t("emptyCustomers")}</p>}
      {data && data.items.length > 0 && (
        <ul class="cards">
          {data.items.map((customer) => (
            <li key={customer.uuid} class="card">
              <h2>
                {customer.customerId}
                {fullName(customer) && <span class="sub">{fullName(customer)}</span>}
              </h2>
              <p class="hint">
                {[customer.email, customer.phoneNumber?.replace("#", " "), formatTime(customer.createdAt)]
                  .filter(Boolean)
                  .join(" · ")}
              </p>
              <h3>{t("storedMethods")}</h3>
              {customer.paymentMethods.length === 0 ? (
                <p class="hint">{t("noStoredMethods")}</p>
              ) : (
                <ul class="methods">
                  {customer.paymentMethods.map((method) => (
                    <li key={method.uuid}>
                      <span>{describe(method)}</span>
                      <button
                        type="button"
                        class="secondary"
                        aria-label={t("deleteMethod", { method: describe(method) })}
                        onClick={() => void remove(customer, method)}
                      >
                        {t("deleteWebhook")}
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
