/**
 * Adds a chunk's own stylesheet through the CSSOM, which the frame's CSP allows (it forbids inline
 * `<style>`), so that a method's CSS arrives with its code and never weighs on a card-only checkout.
 */
export function adoptStyles(css: string): void {
  if (!css || typeof CSSStyleSheet === "undefined" || !("adoptedStyleSheets" in document)) return;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
}
