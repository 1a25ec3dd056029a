import { portalConfigAtom, themeBrandAtom } from '@portal/shared/config';
import { contributionsAtom } from '@portal/shared/contributions';
import { messages } from '@portal/shared/words';
import { Link } from '@portal/shared/router';
import { useAtomValue } from 'jotai';
import { footerLinks } from '../routing/footerLinks';
import { LanguagePicker } from './LanguagePicker';

/** The shell's footer: its own links and the live remotes' footer links, by their order. */
export function Footer() {
  const config = useAtomValue(portalConfigAtom);
  const contributions = useAtomValue(contributionsAtom);
  const themeName = useAtomValue(themeBrandAtom).productName;
  const { footer } = messages.shell;
  // The copyright names the product the header names: a theme's name in place of the portal's own,
  // which every locale's copyright line carries as its productName (shared/lang/*.json). A kernel
  // message with a {name} argument would change the kernel's API: that waits for its next major.
  const copyright = footer.copyright({ year: new Date().getFullYear() });
  const shownCopyright = themeName ? copyright.replace(messages.shell.productName, themeName) : copyright;
  return (
    <footer className="portal-footer">
      <nav aria-label={footer.label}>
        <ul>
          {footerLinks(contributions, config).map((link) => (
            // data-order: where the portal server puts each link in the rendered first screen.
            <li key={`${link.order}-${link.label}`} data-order={link.order}>
              {link.kind === 'external' ? (
                <a href={link.href} rel="noopener noreferrer">
                  {link.label}
                </a>
              ) : (
                <Link to={link.path}>{link.label}</Link>
              )}
            </li>
          ))}
        </ul>
      </nav>
      <LanguagePicker label={messages.shell.language} />
      <p className="portal-footer__copyright">{shownCopyright}</p>
    </footer>
  );
}
