import { chooseLanguage, LOCALES, localeAtom } from '@portal/shared/words';
import { useAtomValue, useStore } from 'jotai';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { refreshContributedWords } from '../startup/contributions';

/**
 * The footer's language picker (issue 26): a disclosure button naming the current language, and
 * the list of the portal's languages, each in its own language and direction (`lang`, `dir`), so a
 * screen reader says it with the right voice. The current one is marked `aria-current`. A choice
 * is remembered and applied at once, without a reload (a typed value stays); Escape closes the
 * list and gives focus back to the button.
 */
export function LanguagePicker({ label }: { label: string }) {
  const store = useStore();
  const current = useAtomValue(localeAtom);
  const [open, setOpen] = useState(false);
  const listId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const currentLocale = LOCALES.find((locale) => locale.tag === current);

  const choose = (tag: (typeof LOCALES)[number]['tag']) => {
    setOpen(false);
    toggle.current?.focus();
    // The words first (the screen and the shell), then the contributed titles and labels.
    if (tag !== current) void chooseLanguage(store, tag).then(() => refreshContributedWords(store));
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    setOpen(false);
    toggle.current?.focus();
  };

  return (
    <div className="portal-language">
      <button
        ref={toggle}
        type="button"
        className="portal-language__toggle"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
        onKeyDown={onKeyDown}
      >
        <span>{label}:</span>{' '}
        <span lang={currentLocale?.tag} dir={currentLocale?.dir}>
          {currentLocale?.name ?? current}
        </span>
      </button>
      <ul id={listId} className="portal-language__list" hidden={!open} aria-label={label}>
        {LOCALES.map((locale) => (
          <li key={locale.tag}>
            <button
              type="button"
              lang={locale.tag}
              dir={locale.dir}
              aria-current={locale.tag === current ? 'true' : undefined}
              onClick={() => choose(locale.tag)}
              onKeyDown={onKeyDown}
            >
              {locale.name}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
