import { announcementAtom } from '@portal/shared/session';
import { buttonClass } from '@portal/shared/ui';
import { chooseLanguage, type LocaleTag, localeAtom, switchLocale } from '@portal/shared/words';
import { useAtomValue, useStore } from 'jotai';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { refreshContributedWords } from '../startup/contributions';
import { isPortalLocale, pickerLocales, pseudoLocalesOfferedAtom } from './pseudoLocales';

/**
 * The footer's language picker (issue 26): a disclosure button naming the current language, and
 * the list of the portal's languages, each in its own language and direction (`lang`, `dir`), so a
 * screen reader says it with the right voice. The current one is marked `aria-current`. A choice
 * is remembered and applied at once, without a reload (a typed value stays); Escape closes the
 * list and gives focus back to the button. The pseudo-locales are listed only when the portal
 * server offers them (tests: pseudoLocales.ts); a pseudo-locale is applied, never remembered.
 */
export function LanguagePicker({ label }: { label: string }) {
  const store = useStore();
  const current = useAtomValue(localeAtom);
  const [open, setOpen] = useState(false);
  const listId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const locales = pickerLocales(useAtomValue(pseudoLocalesOfferedAtom));
  const currentLocale = locales.find((locale) => locale.tag === current);

  const choose = (tag: LocaleTag) => {
    setOpen(false);
    toggle.current?.focus();
    if (tag === current) return;
    const applied = isPortalLocale(tag) ? chooseLanguage(store, tag) : switchLocale(store, tag);
    // The words first (the screen and the shell), then the contributed titles and labels. The
    // live region's last announcement was in the language left behind: it goes, rather than stay
    // in the page as words of another language.
    void applied.then(() => {
      store.set(announcementAtom, null);
      return refreshContributedWords(store);
    });
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
        className={buttonClass('secondary', 'portal-language__toggle')}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
        onKeyDown={onKeyDown}
      >
        {/* One run of text (the button lays out its children as separate items). */}
        <span>
          {label}:{' '}
          <span lang={currentLocale?.tag} dir={currentLocale?.dir}>
            {currentLocale?.name ?? current}
          </span>
        </span>
      </button>
      <ul id={listId} className="portal-language__list" hidden={!open} aria-label={label}>
        {/* The languages exist while the list is open: closed, the page's first render (and the
            takeover of a rendered page, on a phone's CPU) has thirty fewer elements to make. */}
        {open &&
          locales.map((locale) => (
            <li key={locale.tag}>
              <button
                type="button"
                className={buttonClass('quiet')}
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
