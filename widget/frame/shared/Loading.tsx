/** Shown while something the form needs is on its way (the checkout, a method's code). */
export function Loading() {
  return (
    <p class="loading" aria-busy="true">
      <span class="spinner" aria-hidden="true" />
    </p>
  );
}
