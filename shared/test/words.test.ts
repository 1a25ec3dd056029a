import { describe, expect, it } from 'vitest';
import { type CatalogueSource, flattenSource, icu, wordsFor } from '../src/i18n/icu';

const source = {
  title: 'Sign in',
  greeting: icu<{ name: string }>('Hello, {name}'),
  regions: ['Europe', 'US'],
  group: { left: icu<{ count: number }>('{count, plural, one {# code} other {# codes}} left') },
} as const satisfies CatalogueSource;

describe('a catalogue source', () => {
  it('flattens to message ids in source order, lists by index', () => {
    expect(flattenSource(source)).toEqual({
      title: 'Sign in',
      greeting: 'Hello, {name}',
      'regions.0': 'Europe',
      'regions.1': 'US',
      'group.left': '{count, plural, one {# code} other {# codes}} left',
    });
  });

  it('reads every word when it is used, never when the module loads', () => {
    const catalogue: Record<string, string> = {
      title: 'Connexion',
      'regions.0': 'Europe',
      'regions.1': 'États-Unis',
    };
    const words = wordsFor(
      source,
      (id, values) => `${catalogue[id] ?? id}${values ? JSON.stringify(values) : ''}`,
    );
    const group = words.group;
    expect(words.title).toBe('Connexion');
    catalogue.title = 'Se connecter';
    expect(words.title).toBe('Se connecter');
    expect(words.regions).toEqual(['Europe', 'États-Unis']);
    expect(words.greeting({ name: 'Ana' })).toBe('greeting{"name":"Ana"}');
    expect(group.left({ count: 2 })).toBe('group.left{"count":2}');
  });
});
