import * as v from 'valibot';

export type StorageArea = 'local' | 'session';

export interface StoredValue<T> {
  /** The stored value if it passes its schema; an invalid entry is removed and null returned. */
  read(): T | null;
  write(value: T): void;
  remove(): void;
}

interface StoredValueOptions<S extends v.GenericSchema<unknown, unknown>> {
  area: StorageArea;
  key: string;
  schema: S;
  /** 'json' values are JSON-encoded; 'text' values are stored as the raw string. */
  format: 'json' | 'text';
}

function storageFor(area: StorageArea): Storage | null {
  // Storage can be missing or throw (disabled cookies, some private modes): then nothing is kept.
  try {
    return area === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
  } catch {
    return null;
  }
}

function decode(raw: string, format: 'json' | 'text'): unknown {
  if (format === 'text') return raw;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * One entry of browser storage, read through a valibot schema: whatever another version of the
 * portal, an extension or a user left there is either valid or discarded, never trusted.
 */
export function storedValue<S extends v.GenericSchema<unknown, unknown>>(
  options: StoredValueOptions<S>,
): StoredValue<v.InferOutput<S>> {
  const { area, key, schema, format } = options;
  const remove = () => {
    try {
      storageFor(area)?.removeItem(key);
    } catch {
      // Nothing to remove when storage is unavailable.
    }
  };
  return {
    read() {
      let raw: string | null = null;
      try {
        raw = storageFor(area)?.getItem(key) ?? null;
      } catch {
        return null;
      }
      if (raw === null) return null;
      const parsed = v.safeParse(schema, decode(raw, format));
      if (parsed.success) return parsed.output;
      remove();
      return null;
    },
    write(value) {
      try {
        storageFor(area)?.setItem(key, format === 'json' ? JSON.stringify(value) : String(value));
      } catch {
        // Quota or disabled storage: remembering is a convenience, sign-in goes on without it.
      }
    },
    remove,
  };
}

/** A string-keyed map; valibot's record alone would also accept an array. */
export function plainRecord<V extends v.GenericSchema>(value: V) {
  return v.pipe(
    v.unknown(),
    v.check((input) => !Array.isArray(input), 'Expected an object, not a list'),
    v.record(v.string(), value),
  );
}
