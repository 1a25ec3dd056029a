import { type ChangeEvent, useEffect, useId, useMemo, useState } from 'react';
import {
  GALLERY_MANIFEST_PATH,
  GALLERY_SHOT_PREFIX,
  type GalleryManifest,
  type GalleryScreen,
  type GallerySelection,
  selectionFromQuery,
  selectionToQuery,
  selectShots,
  shotDescription,
} from './manifest';

/**
 * The design gallery (issue 44, 'One design system'): every screenshot baseline of the suite on one
 * page, grouped by screen, each screen's pictures side by side, with filters for theme, colour
 * scheme, locale and width. The dev server makes the manifest from the baselines' names
 * (tooling/src/gallery.ts); the filters are kept in the address, so a view can be sent on.
 */
export function Gallery() {
  const [manifest, setManifest] = useState<GalleryManifest | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [selection, setSelection] = useState<GallerySelection | null>(null);

  useEffect(() => {
    fetch(GALLERY_MANIFEST_PATH)
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const loaded = (await response.json()) as GalleryManifest;
        setManifest(loaded);
        setSelection(selectionFromQuery(loaded, window.location.search));
      })
      .catch((error: unknown) => setProblem(`The manifest did not load (${String(error)}).`));
  }, []);

  useEffect(() => {
    if (!manifest || !selection) return;
    const query = selectionToQuery(manifest, selection);
    window.history.replaceState(null, '', `${window.location.pathname}${query}`);
  }, [manifest, selection]);

  const screens = useMemo(
    () => (manifest && selection ? selectShots(manifest, selection) : []),
    [manifest, selection],
  );
  const pictures = screens.reduce((count, screen) => count + screen.shots.length, 0);

  return (
    <main className="gallery">
      <h1>Design gallery</h1>
      <p>
        Every screenshot baseline of the suite, by screen: the ordinary baselines (default theme, light,
        en-US), the locale pass's (en-XA, ar-XB) and the design pass's (both themes, light and dark, en-US and
        ar). A picture opens at full size.
      </p>
      {problem ? <p role="alert">{problem}</p> : null}
      {manifest && selection ? (
        <>
          <Filters manifest={manifest} selection={selection} onChange={setSelection} />
          <p className="gallery__count" aria-live="polite">
            {pictures} pictures of {screens.length} screens
          </p>
          {screens.map((screen) => (
            <ScreenPictures key={screen.id} screen={screen} />
          ))}
          {manifest.unparsed.length > 0 ? (
            <section aria-labelledby="gallery-unparsed">
              <h2 id="gallery-unparsed">Baselines named otherwise</h2>
              <ul>
                {manifest.unparsed.map((file) => (
                  <li key={file}>
                    <a href={`${GALLERY_SHOT_PREFIX}${file}`}>{file}</a>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </>
      ) : problem ? null : (
        <p>Loading the manifest…</p>
      )}
    </main>
  );
}

interface FiltersProps {
  manifest: GalleryManifest;
  selection: GallerySelection;
  onChange: (selection: GallerySelection) => void;
}

function Filters({ manifest, selection, onChange }: FiltersProps) {
  const screenField = useId();
  const toggle =
    <K extends 'themes' | 'schemes' | 'locales' | 'widths'>(key: K, value: GallerySelection[K][number]) =>
    (event: ChangeEvent<HTMLInputElement>) => {
      const chosen = selection[key] as readonly (typeof value)[];
      const all = manifest[key] as readonly (typeof value)[];
      const next = event.target.checked
        ? all.filter((v) => v === value || chosen.includes(v))
        : chosen.filter((v) => v !== value);
      onChange({ ...selection, [key]: next });
    };
  const groups = [
    { key: 'themes', legend: 'Theme', values: manifest.themes, label: (v: string) => v },
    { key: 'schemes', legend: 'Colour scheme', values: manifest.schemes, label: (v: string) => v },
    { key: 'locales', legend: 'Locale', values: manifest.locales, label: (v: string) => v },
    { key: 'widths', legend: 'Width', values: manifest.widths, label: (v: number) => `${v} px` },
  ] as const;
  return (
    <form className="gallery__filters" aria-label="Filters" onSubmit={(event) => event.preventDefault()}>
      {groups.map((group) => (
        <fieldset key={group.key}>
          <legend>{group.legend}</legend>
          {group.values.map((value) => (
            <label key={value}>
              <input
                type="checkbox"
                checked={(selection[group.key] as readonly (string | number)[]).includes(value)}
                onChange={toggle(group.key, value)}
              />{' '}
              {(group.label as (v: string | number) => string)(value)}
            </label>
          ))}
        </fieldset>
      ))}
      <div className="gallery__search">
        <label htmlFor={screenField}>Screen name contains</label>
        <input
          id={screenField}
          type="search"
          value={selection.screen}
          onChange={(event) => onChange({ ...selection, screen: event.target.value })}
        />
      </div>
    </form>
  );
}

function ScreenPictures({ screen }: { screen: GalleryScreen }) {
  const heading = useId();
  return (
    <section className="gallery__screen" aria-labelledby={heading}>
      <h2 id={heading}>{screen.name}</h2>
      <p className="gallery__spec">{screen.spec}</p>
      <ul className="gallery__shots">
        {screen.shots.map((shot) => (
          <li key={shot.file}>
            <figure className="gallery__shot" data-width={shot.width}>
              <a href={`${GALLERY_SHOT_PREFIX}${shot.file}`}>
                <img
                  src={`${GALLERY_SHOT_PREFIX}${shot.file}`}
                  alt={shotDescription(screen, shot)}
                  loading="lazy"
                />
              </a>
              <figcaption>
                {shot.theme} · {shot.scheme} · <span lang={shot.locale}>{shot.locale}</span> · {shot.width} px
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
