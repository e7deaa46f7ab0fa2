import { html } from "../html";
import { layout } from "./layout";

export function errorPage(title: string, message: string): string {
  return layout({
    title,
    section: "none",
    body: html`<section class="panel panel-narrow">
      <h1>${title}</h1>
      <p>${message}</p>
      <p><a class="button button-secondary" href="/">Back to the shop</a></p>
    </section>`,
  });
}
