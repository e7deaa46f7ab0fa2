/** Every language's catalog of this chunk at once, for tests (the frame loads one: see index.ts). */
export { de } from "./de";
export { en } from "./en";
export { es } from "./es";
export { fr } from "./fr";
export { pt } from "./pt";
