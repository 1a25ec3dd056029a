/** One field of an item that differs between two releases. */
export interface FieldChange {
  field: string;
  from: unknown;
  to: unknown;
}

/** Items of one kind (routes, factors, shared modules…) added, removed or changed, each by its key. */
export interface KeyedDiff {
  added: string[];
  removed: string[];
  changed: { key: string; changes: FieldChange[] }[];
}

/** Items by key; a key met again in the same list is told apart as `key (2)`. */
function byKey<T extends object>(items: readonly T[], key: (item: T) => string): Map<string, T> {
  const map = new Map<string, T>();
  for (const item of items) {
    const base = key(item);
    let name = base;
    for (let n = 2; map.has(name); n += 1) name = `${base} (${n})`;
    map.set(name, item);
  }
  return map;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What differs between two lists of items matched by key: the keys only in `after` (added), only
 * in `before` (removed), and for a key in both, each top-level field whose value differs. Sorted
 * by key, so the answer does not depend on the order the builds list them in.
 */
export function keyedDiff<T extends object>(
  before: readonly T[],
  after: readonly T[],
  key: (item: T) => string,
): KeyedDiff {
  const a = byKey(before, key);
  const b = byKey(after, key);
  const sorted = (keys: Iterable<string>) => [...keys].sort();
  const changed = sorted(a.keys())
    .filter((name) => b.has(name))
    .flatMap((name) => {
      const from = a.get(name) as Record<string, unknown>;
      const to = b.get(name) as Record<string, unknown>;
      const fields = sorted(new Set([...Object.keys(from), ...Object.keys(to)]));
      const changes = fields
        .filter((field) => !same(from[field], to[field]))
        .map((field) => ({ field, from: from[field], to: to[field] }));
      return changes.length > 0 ? [{ key: name, changes }] : [];
    });
  return {
    added: sorted([...b.keys()].filter((name) => !a.has(name))),
    removed: sorted([...a.keys()].filter((name) => !b.has(name))),
    changed,
  };
}

export function isEmpty(diff: KeyedDiff): boolean {
  return diff.added.length === 0 && diff.removed.length === 0 && diff.changed.length === 0;
}
