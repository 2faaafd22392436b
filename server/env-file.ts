/**
 * Reads `.env` from the working directory when there is one, so an owner can keep settings in a
 * file (copied from .env.example). Variables already set in the environment win.
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";

export function loadEnvFile(cwd = process.cwd()): string | null {
  const path = resolve(cwd, ".env");
  if (!existsSync(path)) return null;
  process.loadEnvFile(path);
  return path;
}
