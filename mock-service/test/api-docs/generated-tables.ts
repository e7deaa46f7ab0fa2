import { MBWAY_TEST_PHONES } from "../../src/domain/mbway";
import { TEST_CARDS } from "../../src/domain/test-cards";

/** Tables of docs/api.md written from the code that decides the sandbox's behaviour, by block name. */
export const GENERATED_TABLES: Record<string, () => string> = {
  "test-cards": () =>
    table(
      ["Card number", "What happens"],
      Object.entries(TEST_CARDS).map(([number, card]) => [
        code(number.replace(/(\d{4})(?=\d)/g, "$1 ")),
        card.reason ? `${card.description} (\`${card.reason}\`)` : card.description,
      ]),
    ),
  "mbway-phones": () =>
    table(
      ["Phone (national number)", "What the sandbox shopper does"],
      Object.entries(MBWAY_TEST_PHONES).map(([phone, { description }]) => [code(phone), description]),
    ),
};

function table(header: string[], rows: string[][]): string {
  return [header, header.map(() => "---"), ...rows].map((cells) => `| ${cells.join(" | ")} |`).join("\n");
}

function code(text: string): string {
  return `\`${text}\``;
}
