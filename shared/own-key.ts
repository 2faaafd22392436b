/**
 * Lookups keyed by what comes from outside: a request's fields, an address's parameters, a stored
 * row. An object literal answers `constructor`, `toString` or `hasOwnProperty` from
 * Object.prototype, and `__proto__` is no key at all, so a table read with such a key would hand
 * out a function (and a tally would lose the count). Every table read with outside words goes
 * through `ownValue`; every tally keyed by them starts from `emptyTally`.
 */

/** What `table` itself holds under `key`; undefined for anything else, a prototype's included. */
export function ownValue<T>(table: Readonly<Record<string, T>>, key: unknown): T | undefined {
  return typeof key === "string" && Object.hasOwn(table, key) ? table[key] : undefined;
}

/** True when `key` is one of the table's own keys. */
export function isOwnKey<K extends string>(
  table: Readonly<Record<K, unknown>>,
  key: unknown,
): key is K {
  return typeof key === "string" && Object.hasOwn(table, key);
}

/** A count per name, without a prototype: "__proto__" and "constructor" count like any name. */
export function emptyTally(): Record<string, number> {
  return Object.create(null) as Record<string, number>;
}

/** Adds `by` to `name`'s count. */
export function addTo(tally: Record<string, number>, name: string, by = 1): void {
  tally[name] = (ownValue(tally, name) ?? 0) + by;
}
