// @vitest-environment happy-dom
import { beforeEach, expect, it } from "vitest";
import { claimForm, findForm, isParsed } from "./find-form";

beforeEach(() => {
  document.head.innerHTML = "";
  document.body.innerHTML = "";
});

function page(html: string) {
  document.body.innerHTML = html;
  return {
    form: (id: string) => document.getElementById(id) as HTMLFormElement,
    script: (id: string) => document.getElementById(id),
  };
}

it("takes the nearest form before the script", () => {
  const p = page(`
    <form id="a" class="paymentWidgets"></form><script id="s1"></script>
    <form id="b" class="paymentWidgets"></form><script id="s2"></script>`);
  expect(findForm(p.script("s1"))).toBe(p.form("a"));
  expect(findForm(p.script("s2"))).toBe(p.form("b"));
});

it("skips forms already claimed by another script", () => {
  const p = page(`
    <form id="a" class="paymentWidgets"></form><form id="b" class="paymentWidgets"></form>
    <script id="s1"></script><script id="s2"></script>`);
  claimForm(findForm(p.script("s1")) as HTMLFormElement, "ck_1");
  expect(p.form("b").getAttribute("data-checkout-id")).toBe("ck_1");
  expect(findForm(p.script("s2"))).toBe(p.form("a"));
});

it("takes the first form after a script in head", () => {
  const script = document.createElement("script");
  document.head.appendChild(script);
  const p = page(`<form id="a" class="paymentWidgets"></form><form id="b" class="paymentWidgets"></form>`);
  expect(findForm(script)).toBe(p.form("a"));
});

it("ignores forms without the class and finds none when there is none", () => {
  const p = page(`<form id="a"></form><script id="s"></script>`);
  expect(findForm(p.script("s"))).toBeUndefined();
});

it("knows when the parser is past a form: it or an ancestor has a next sibling", () => {
  const p = page(`<div id="d"><form id="a" class="paymentWidgets"></form></div>`);
  expect(isParsed(p.form("a"))).toBe(false);
  document.body.appendChild(document.createTextNode("\n"));
  expect(isParsed(p.form("a"))).toBe(true);
  const q = page(`<form id="b" class="paymentWidgets"></form><p></p>`);
  expect(isParsed(q.form("b"))).toBe(true);
});
