/**
 * The owner's photos: one per artwork slot at most (picture-files.ts names the slots and their
 * files), each with words for people who cannot see it. Edited on the Pictures page, told in the
 * history as a whole ("Home page, top photo: replaced").
 */
import { z } from "zod";
import {
  maxPictureSide,
  type PictureSlot,
  pictureIdShape,
  pictureSlotLabels,
  pictureSlots,
} from "../picture-files.ts";
import type { PicturesNode } from "./nodes.ts";
import { textRule, wholeRule } from "./rules.ts";

/** The owner's photo for one artwork slot; absent: the illustration. */
const picture = z.object({
  picture: z.string().regex(pictureIdShape, "Upload the picture again."),
  alt: textRule("a few words saying what the picture shows, for people who cannot see it", 200),
  width: wholeRule("the picture's width", 1, maxPictureSide),
  height: wholeRule("the picture's height", 1, maxPictureSide),
});

export type OwnerPicture = z.infer<typeof picture>;

const schema = z
  .strictObject(
    Object.fromEntries(pictureSlots.map((slot) => [slot, picture.optional()])) as Record<
      PictureSlot,
      z.ZodOptional<typeof picture>
    >,
    { error: "Pictures can only go where the site has an illustration." },
  )
  // A version published before pictures could be uploaded has none: every slot its illustration.
  .default({});

export const pictures: PicturesNode<typeof schema> = {
  node: "pictures",
  schema,
  labels: Object.fromEntries(
    pictureSlots.map((slot) => [slot, `${pictureSlotLabels[slot]} photo`]),
  ),
};
