/** The 404 page logs the path the visitor tried (docs/product.md). */
export function start() {
  console.error(
    "404 Error: User attempted to access non-existent route:",
    window.location.pathname,
  );
}
