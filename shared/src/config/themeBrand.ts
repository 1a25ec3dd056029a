import { atom } from 'jotai';
import * as v from 'valibot';

/**
 * What the header shows of the portal server's theme (its THEME_FILE), the product
 * configuration's `theme`: the bank's product name instead of the kernel's, and its logo, always a
 * path on the portal's own origin (never another site's or a data: URL; the page's CSP allows
 * images from 'self' only). The portal server checks both at start; here a value that cannot be
 * read is no theme (the kernel's name, no logo).
 *
 * Read beside the configuration rather than in PortalConfig, so that the configuration's type,
 * which remotes built earlier were checked against, stays as it is.
 */
export const ThemeBrandSchema = v.object({
  productName: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(60))),
  logoUrl: v.optional(v.pipe(v.string(), v.regex(/^\/(?![/\\])\S*$/, 'must be a path on this origin'))),
});
export type ThemeBrand = v.InferOutput<typeof ThemeBrandSchema>;

/** The theme's product name and logo in force (none until the configuration has loaded). */
export const themeBrandAtom = atom<ThemeBrand>({});

/** The `theme` of a raw configuration; absent or unreadable: none. */
export function readThemeBrand(rawConfig: unknown): ThemeBrand {
  const raw =
    typeof rawConfig === 'object' && rawConfig !== null ? Reflect.get(rawConfig, 'theme') : undefined;
  const parsed = v.safeParse(ThemeBrandSchema, raw);
  return parsed.success ? parsed.output : {};
}
