import type { Language } from "@contract/index";

export interface Product {
  id: string;
  name: string;
  description: string;
  /** Price in cents. */
  price: number;
}

export const PRODUCTS: Product[] = [
  {
    id: "azulejo-tile",
    name: "Azulejo tile",
    description: "A hand-painted blue and white tile from Lisbon, 15 × 15 cm.",
    price: 1850,
  },
  {
    id: "cork-notebook",
    name: "Cork notebook",
    description: "A5 notebook with a cork cover and 120 recycled pages.",
    price: 1200,
  },
  {
    id: "sardine-tin",
    name: "Tin of sardines",
    description: "Sardines in olive oil from Matosinhos, in a collectable tin.",
    price: 450,
  },
  {
    id: "port-wine",
    name: "Tawny port, 10 years",
    description: "A 75 cl bottle from the Douro valley.",
    price: 3290,
  },
];

export function findProduct(id: string): Product | undefined {
  return PRODUCTS.find((p) => p.id === id);
}

/** The checkout form's languages, named in their own language for the picker. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  EN: "English",
  PT: "Português",
  ES: "Español",
  FR: "Français",
  DE: "Deutsch",
};
