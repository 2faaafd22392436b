/** Raw, gzip and brotli sizes, compressed the way server/static-site.ts compresses. */
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

export type Sizes = { raw: number; gzip: number; brotli: number };

export function sizesOf(content: Buffer | string): Sizes {
  const buffer = typeof content === "string" ? Buffer.from(content) : content;
  return {
    raw: buffer.byteLength,
    gzip: gzipSync(buffer, { level: constants.Z_BEST_COMPRESSION }).byteLength,
    brotli: brotliCompressSync(buffer, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: buffer.byteLength,
      },
    }).byteLength,
  };
}

export function addSizes(list: readonly Sizes[]): Sizes {
  return list.reduce(
    (sum, item) => ({
      raw: sum.raw + item.raw,
      gzip: sum.gzip + item.gzip,
      brotli: sum.brotli + item.brotli,
    }),
    { raw: 0, gzip: 0, brotli: 0 },
  );
}
