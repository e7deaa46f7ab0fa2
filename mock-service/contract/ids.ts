/**
 * A checkout id: `ck_` and 20 letters or digits. A plain pattern (no zod) so that the loader can
 * use it without carrying zod into the merchant's page.
 */
export const CHECKOUT_ID = /^ck_[A-Za-z0-9]{20}$/;
