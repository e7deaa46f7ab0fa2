import type { MultibancoVoucher } from "@contract/frame";
import { useEffect, useRef } from "preact/hooks";
import { useI18n } from "../../i18n/I18nContext";
import { announce } from "../../shared/LiveRegion";
import { copyText } from "./copy-text";
import { formatDeadline, groupReference } from "./voucher-format";

export interface VoucherProps {
  voucher: MultibancoVoucher;
  onContinue: () => void;
}

/**
 * What the shopper needs at the ATM or in the bank's app: entity, reference, amount and deadline,
 * each with a copy button; printing prints the voucher alone.
 */
export function Voucher({ voucher, onContinue }: VoucherProps) {
  const { t, amount, locale } = useI18n();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const money = amount(voucher.amount, "EUR");
  const rows = [
    { label: t("entity"), shown: voucher.entity, copied: voucher.entity },
    { label: t("reference"), shown: groupReference(voucher.reference), copied: voucher.reference },
    { label: t("amount"), shown: money, copied: (voucher.amount / 100).toFixed(2) },
  ];

  const copy = async (text: string) => {
    if (await copyText(text)) announce(t("copied"));
  };

  return (
    <section class="voucher" aria-labelledby="voucher-title">
      <h1 id="voucher-title" ref={heading} tabIndex={-1}>
        {t("voucherTitle")}
      </h1>
      <dl class="voucher-details">
        {rows.map((row) => (
          <div class="voucher-row" key={row.label}>
            <dt>{row.label}</dt>
            <dd>
              <span class="voucher-value">{row.shown}</span>
              <button
                type="button"
                class="copy"
                aria-label={t("copyValue", { what: row.label })}
                onClick={() => void copy(row.copied)}
              >
                {t("copy")}
              </button>
            </dd>
          </div>
        ))}
        <div class="voucher-row">
          <dt>{t("payBy")}</dt>
          <dd>
            <span class="voucher-value">{formatDeadline(voucher.expiresAt, locale)}</span>
          </dd>
        </div>
      </dl>
      <p class="notice">{t("voucherText")}</p>
      <div class="voucher-actions">
        <button type="button" class="secondary" onClick={() => window.print()}>
          {t("print")}
        </button>
        <button type="button" class="pay" onClick={onContinue}>
          {t("continue")}
        </button>
      </div>
    </section>
  );
}
