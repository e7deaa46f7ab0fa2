import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

/**
 * One JSON document kept in memory and written through to a file on every change.
 * Writes go to a temporary file first and are renamed into place, so a crash never leaves half a file.
 * Good enough for a demo shop's handful of records; a real shop keeps these in its database.
 */
export class JsonFile<T> {
  private value: T;

  constructor(
    private readonly path: string,
    initial: T,
  ) {
    mkdirSync(dirname(path), { recursive: true });
    this.value = JsonFile.read(path) ?? initial;
  }

  private static read<T>(path: string): T | undefined {
    try {
      return JSON.parse(readFileSync(path, "utf8")) as T;
    } catch {
      return undefined;
    }
  }

  get(): T {
    return this.value;
  }

  set(next: T): void {
    this.value = next;
    const temporary = `${this.path}.tmp`;
    writeFileSync(temporary, JSON.stringify(next, null, 2));
    renameSync(temporary, this.path);
  }
}
