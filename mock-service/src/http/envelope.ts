import type { ErrorCode } from "../../contract/errors";
import { isoNow } from "../domain/time";

export function ok<T>(data: T): { date: string; success: true; data: T } {
  return { date: isoNow(), success: true, data };
}

export function errorBody(code: ErrorCode, message: string, details?: { path: string; message: string }[]) {
  return { date: isoNow(), success: false as const, error: { code, message, ...(details && { details }) } };
}
