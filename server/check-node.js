// `npm start` runs this first, with whatever `node` is first on PATH. Plain JavaScript that any
// Node parses, so that an old Node fails here with a sentence instead of a TypeScript error.
// A normal install (`npm ci`, also `--omit=dev`) puts the project's own Node 24 first on PATH.
const required = 24;
const major = Number(process.versions.node.split(".")[0]);
if (major < required) {
  console.error(
    `npm start needs Node ${required} or newer, and this is Node ${process.versions.node}.\n` +
      "The project brings its own Node 24 as the `node` package: run `npm ci` (or " +
      "`npm ci --omit=dev`) without --ignore-scripts, then `npm start` again.",
  );
  process.exit(1);
}
