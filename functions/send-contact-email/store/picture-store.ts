/**
 * What the owner's pictures need from a store (shared/content/picture-files.ts names the files):
 * each picture kept once under an id made from its bytes, with its files, and never changed, so
 * every published version, and any one restored later, finds the files it names.
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

export type PictureStore = {
  /**
   * Keeps a picture and its files in one write. Saving an id that is already stored changes
   * nothing (the same bytes make the same id): `stored` says whether this call added it.
   */
  savePicture(picture: NewPicture): Promise<{ stored: boolean }>;
  /** One file by its name, or null. */
  pictureFile(name: string): Promise<PictureFile | null>;
};
