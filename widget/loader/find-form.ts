const CLAIMED = "data-checkout-id";

/**
 * The form this script serves: the nearest unclaimed `form.paymentWidgets` before the script,
 * else (script in head, or before its form) the first unclaimed one after it.
 */
export function findForm(script: Element | null, root: Document = document): HTMLFormElement | undefined {
  const forms = Array.from(root.querySelectorAll<HTMLFormElement>("form.paymentWidgets")).filter(
    (form) => !form.hasAttribute(CLAIMED),
  );
  if (!script || !script.isConnected) return forms[0];
  const before = forms.filter(
    (form) => script.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_PRECEDING,
  );
  return before[before.length - 1] || forms[0];
}

export function claimForm(form: HTMLFormElement, checkoutId: string): void {
  form.setAttribute(CLAIMED, checkoutId);
}

/** Whether the parser has gone past the node's end: it, or one of its ancestors, has a next sibling. */
export function isParsed(node: Node): boolean {
  for (let at: Node | null = node; at; at = at.parentNode) if (at.nextSibling) return true;
  return false;
}
