/**
 * A table lookup that only sees the table's own keys. Keys come from the server or from storage,
 * and a plain `table[key]` would answer 'constructor' or 'toString' from Object.prototype.
 */
export function ownValue<V>(
  table: Readonly<Record<string, V>> | null | undefined,
  key: string,
): V | undefined {
  return table && Object.hasOwn(table, key) ? table[key] : undefined;
}
