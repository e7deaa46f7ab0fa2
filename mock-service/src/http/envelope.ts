import type { ErrorCode } from "../../contract/errors";
import { isoTimestamp } from "../domain/time";

export function ok<T>(data: T): { date: string; success: true; data: T } {
  return { date: isoTimestamp(), success: true, data };
}

export function errorBody(code: ErrorCode, message: string, details?: { path: string; message: string }[]) {
  return {
    date: isoTimestamp(),
    success: false as const,
    error: { code, message, ...(details && { details }) },
  };
}
