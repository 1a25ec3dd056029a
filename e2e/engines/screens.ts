import { mkdirSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENGINES } from './drivers/driver';
import type { User } from './user';

/**
 * A picture per engine of the key screens, at 1280 px, for a person to compare side by side:
 * e2e/test-results/engines/<screen>-<engine>.png and an index.html that places each screen's
 * three pictures in a row. Not a pixel comparison: the engines render fonts and controls their
 * own way; what a person checks is that every engine renders the screen with its styles.
 */
export const SCREENS_DIR = fileURLToPath(new URL('../test-results/engines/', import.meta.url));

export async function saveScreen(user: User, screen: string): Promise<void> {
  mkdirSync(SCREENS_DIR, { recursive: true });
  writeFileSync(path.join(SCREENS_DIR, `${screen}-${user.engine}.png`), await user.screenshot());
  writeIndex();
}

function writeIndex(): void {
  const files = readdirSync(SCREENS_DIR).filter((file) => file.endsWith('.png'));
  const screens = [
    ...new Set(files.map((file) => file.replace(/-(chromium|firefox|webkit)\.png$/, ''))),
  ].sort();
  const cell = (file: string) =>
    files.includes(file) ? `<td><img src="${file}" alt="${file}" width="420"></td>` : '<td>(not taken)</td>';
  const rows = screens
    .map(
      (screen) =>
        `<tr><th scope="row">${screen}</th>${ENGINES.map((e) => cell(`${screen}-${e}.png`)).join('')}</tr>`,
    )
    .join('\n');
  const html = `<!doctype html>
<html lang="en"><meta charset="utf-8"><title>The key screens in three engines</title>
<style>body{font-family:sans-serif}td,th{vertical-align:top;padding:4px}img{border:1px solid #ccc}</style>
<table><thead><tr><th></th>${ENGINES.map((e) => `<th scope="col">${e}</th>`).join('')}</tr></thead>
<tbody>
${rows}
</tbody></table></html>
`;
  // Two workers write here: a whole file replaces the old one at once.
  const temporary = path.join(SCREENS_DIR, `.index-${process.pid}.html`);
  writeFileSync(temporary, html);
  renameSync(temporary, path.join(SCREENS_DIR, 'index.html'));
}
