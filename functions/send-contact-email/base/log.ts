/**
 * One line per event, with an ISO time and key=value fields. Visitor text is never logged: only
 * request ids, statuses and error messages from our own code or the mail server.
 */
export type LogFields = Record<string, string | number | boolean | null | undefined>;

export type Logger = {
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
};

function format(level: string, message: string, fields?: LogFields): string {
  const extra = Object.entries(fields ?? {})
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key}=${JSON.stringify(value)}`)
    .join(" ");
  return `${new Date().toISOString()} ${level} ${message}${extra ? ` ${extra}` : ""}`;
}

export const consoleLogger: Logger = {
  info: (message, fields) => console.log(format("info", message, fields)),
  warn: (message, fields) => console.warn(format("warn", message, fields)),
  error: (message, fields) => console.error(format("error", message, fields)),
};

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };

export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}
