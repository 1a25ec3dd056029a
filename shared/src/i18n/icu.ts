/**
 * A catalogue's source is a nested object of ICU messages in en-US (the spec's strings to the
 * letter). A message with arguments is written `icu<{ name: string }>('User {name}')`, so its
 * callers are type-checked against its arguments; a plain string has none.
 */
declare const argumentsBrand: unique symbol;

export type MessageValue = string | number | Date;

/** A message in ICU MessageFormat, whatever its arguments. */
export interface IcuSyntax {
  readonly icu: string;
}

export interface IcuMessage<V extends Record<string, MessageValue>> extends IcuSyntax {
  /** Types only: the message's arguments. */
  readonly [argumentsBrand]?: V;
}

export function icu<V extends Record<string, MessageValue>>(message: string): IcuMessage<V> {
  return { icu: message };
}

/** What a catalogue's source may hold: messages, lists of messages and groups of them. */
export type CatalogueSource = {
  readonly [key: string]: string | readonly string[] | IcuSyntax | CatalogueSource;
};

/**
 * The words of a catalogue, in the active locale: a plain message reads as a string, a message
 * with arguments is a function of them, a list is a list.
 */
export type Words<T> = T extends string
  ? string
  : T extends IcuMessage<infer V>
    ? (values: V) => string
    : T extends readonly string[]
      ? readonly string[]
      : { readonly [K in keyof T]: Words<T[K]> };

function isIcuMessage(node: unknown): node is IcuSyntax {
  return typeof node === 'object' && node !== null && 'icu' in node && typeof node.icu === 'string';
}

/** The catalogue's messages by id ('landing.title', 'help.clientRegions.0'), in source order. */
export function flattenSource(source: CatalogueSource, prefix = ''): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [key, node] of Object.entries(source)) {
    const id = `${prefix}${key}`;
    if (typeof node === 'string') flat[id] = node;
    else if (isIcuMessage(node)) flat[id] = node.icu;
    else if (Array.isArray(node)) {
      for (const [index, item] of node.entries()) flat[`${id}.${index}`] = item;
    } else Object.assign(flat, flattenSource(node as CatalogueSource, `${id}.`));
  }
  return flat;
}

export type Format = (id: string, values?: Record<string, MessageValue>) => string;

/**
 * The words object for a source: every read formats the message in the active locale at that
 * moment (getters), so nothing copies a string when a module loads.
 */
export function wordsFor<T extends CatalogueSource>(source: T, format: Format, prefix = ''): Words<T> {
  const words: Record<string, unknown> = {};
  for (const [key, node] of Object.entries(source)) {
    const id = `${prefix}${key}`;
    if (typeof node === 'string') {
      Object.defineProperty(words, key, { enumerable: true, get: () => format(id) });
    } else if (isIcuMessage(node)) {
      words[key] = (values: Record<string, MessageValue>) => format(id, values);
    } else if (Array.isArray(node)) {
      Object.defineProperty(words, key, {
        enumerable: true,
        get: () => node.map((_: string, index) => format(`${id}.${index}`)),
      });
    } else {
      words[key] = wordsFor(node as CatalogueSource, format, `${id}.`);
    }
  }
  return words as Words<T>;
}
