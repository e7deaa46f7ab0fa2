/** Vite's `?inline` CSS import: the built stylesheet as a string (see shared/adopt-styles.ts). */
declare module "*.css?inline" {
  const css: string;
  export default css;
}
