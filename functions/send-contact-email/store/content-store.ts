/**
 * What the owner's site content needs from a store: every published version kept, numbered in
 * order, the newest one live. Nothing is overwritten: a restore publishes an earlier document
 * again as a new version that says which one it restored.
 */

export type ContentVersionSummary = {
  /** 1 for the first publish, then one more each time; the repository's version is not stored. */
  version: number;
  publishedAt: string;
  /** What changed against the version before, in the owner's words (shared/content/content-changes.ts). */
  changes: string[];
  restoredFrom: number | null;
};

export type ContentVersion = ContentVersionSummary & {
  /** The content document as published, checked by shared/content/site-content.ts before. */
  document: unknown;
};

export type NewContentVersion = {
  document: unknown;
  changes: string[];
  restoredFrom?: number | null;
};

/**
 * The last call of the static host's build hook (DEPLOY_HOOK_URL) for a version: kept in the
 * store, not in a process, because every server and every Supabase instance must see it.
 */
export type HostCall = {
  version: number;
  calledAt: string;
  /** The hook's host, the only part of its secret address ever kept or shown. */
  host: string;
  ok: boolean;
  /** Why it failed, in words; null when it succeeded. */
  reason: string | null;
};

export type ContentStore = {
  /** Stores a version; it becomes the live one. */
  publishContent(version: NewContentVersion): Promise<ContentVersionSummary>;
  /** The newest version, or null while only the repository's version exists. */
  liveContent(): Promise<ContentVersion | null>;
  /**
   * The live version's number alone (null: only the repository's), for every server to ask every
   * few seconds whether a newer one was published: one small query, no document.
   */
  liveContentVersion(): Promise<number | null>;
  contentVersion(version: number): Promise<ContentVersion | null>;
  /** Newest first. */
  contentHistory(limit: number): Promise<ContentVersionSummary[]>;
  /** Keeps how the hook's call for a version went, in place of the one before for it. */
  recordHostCall(call: Omit<HostCall, "calledAt">): Promise<HostCall>;
  /** The last call of the hook for a version, or null: never called for it. */
  hostCall(version: number): Promise<HostCall | null>;
};
