/**
 * What the owner's pictures need from a store (shared/content/picture-files.ts names the files):
 * each picture kept once under an id made from its bytes, with its files, and never changed, so
 * every published version, and any one restored later, finds the files it names. A picture no
 * stored version names (a preview cancelled) may be deleted, whole, by the purge
 * (site-pictures/picture-purge.ts); nothing else deletes one.
 */

export type PictureFile = {
  /** `<id>-<width>.<ext>` */
  name: string;
  type: string;
  bytes: Uint8Array;
};

export type NewPicture = {
  id: string;
  width: number;
  height: number;
  files: PictureFile[];
};

/** A stored picture without its files: what a preview and the purge read. */
export type StoredPicture = {
  id: string;
  width: number;
  height: number;
  /** When it was first stored (ISO 8601). */
  storedAt: string;
};

export type PictureStore = {
  /**
   * Keeps a picture and its files in one write. Saving an id that is already stored changes
   * nothing (the same bytes make the same id): `stored` says whether this call added it.
   */
  savePicture(picture: NewPicture): Promise<{ stored: boolean }>;
  /** One file by its name, or null. */
  pictureFile(name: string): Promise<PictureFile | null>;
  /** One picture by its id, or null. */
  storedPicture(id: string): Promise<StoredPicture | null>;
  /** Every stored picture, oldest first. */
  storedPictures(): Promise<StoredPicture[]>;
  /** Deletes a picture and its files in one write; false when there was none. */
  deletePicture(id: string): Promise<boolean>;
};
