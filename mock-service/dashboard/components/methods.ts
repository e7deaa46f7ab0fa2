import type { DashboardMethod } from "../../contract";
import { t } from "../i18n/i18n";

export function methodName(method: DashboardMethod): string {
  return t(method === "MB" ? "methodMB" : method === "CC" ? "methodCC" : "methodMW");
}

export function methodNames(methods: DashboardMethod[]): string {
  return methods.map(methodName).join(", ");
}
