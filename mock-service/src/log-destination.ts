import pino, { type DestinationStream } from "pino";
import pretty from "pino-pretty";

export interface LogDestination {
  stream: DestinationStream;
  flush(): void;
  flushSync(): void;
}

/**
 * Where log lines go: human-readable lines (pino-pretty) when stdout is a terminal, JSON lines
 * otherwise (for files and log collectors). JSON is buffered and written asynchronously, 4 KB at a
 * time or at least every second: one blocking write per line was ~10% of a read's cost. A SIGKILL may
 * lose the last second of lines, never data.
 */
export function logDestination(isTty = process.stdout.isTTY === true): LogDestination {
  if (isTty) {
    const stream = pretty({
      colorize: true,
      translateTime: "SYS:HH:MM:ss",
      ignore: "pid,hostname",
      sync: true,
    });
    return { stream, flush: () => {}, flushSync: () => {} };
  }
  const stream = pino.destination({ sync: false, minLength: 4096 });
  return { stream, flush: () => stream.flush(), flushSync: () => stream.flushSync() };
}

/** The one line a port already in use deserves, instead of a stack trace. */
export function portInUseMessage(error: unknown, port: number, variable: string): string | undefined {
  if ((error as { code?: string } | null)?.code !== "EADDRINUSE") return undefined;
  return `port ${port} is in use: set ${variable} to another port`;
}
