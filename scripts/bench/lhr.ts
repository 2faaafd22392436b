/**
 * The parts of a Lighthouse result (LHR) the page benchmark reads, typed loosely on purpose: the
 * pure functions take plain JSON (a saved report or a test fixture), not Lighthouse's own types.
 */
export type LhrAuditItem = Record<string, unknown>;

export type LhrAudit = {
  id: string;
  title?: string;
  score: number | null;
  scoreDisplayMode?: string;
  numericValue?: number;
  displayValue?: string;
  details?: { type?: string; items?: LhrAuditItem[]; [key: string]: unknown };
};

export type LhrCategory = {
  score: number | null;
  title?: string;
  auditRefs?: { id: string; weight: number; group?: string }[];
};

export type Lhr = {
  lighthouseVersion?: string;
  requestedUrl?: string;
  finalDisplayedUrl?: string;
  environment?: { benchmarkIndex?: number; hostUserAgent?: string };
  runtimeError?: { code: string; message: string };
  runWarnings?: string[];
  categories: Record<string, LhrCategory | undefined>;
  audits: Record<string, LhrAudit | undefined>;
};
