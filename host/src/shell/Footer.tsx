import { portalConfigAtom } from '@portal/shared/config';
import { messages } from '@portal/shared/words';
import { paths, Link } from '@portal/shared/router';
import { useAtomValue } from 'jotai';

export function Footer() {
  const config = useAtomValue(portalConfigAtom);
  const { footer } = messages.shell;
  return (
    <footer className="portal-footer">
      <nav aria-label={footer.label}>
        <ul>
          <li>
            <a href={config.privacyStatementUrl} rel="noopener noreferrer">
              {footer.privacy}
            </a>
          </li>
          <li>
            <Link to={paths.cookies}>{footer.cookies}</Link>
          </li>
          <li>
            <a href={config.termsOfUseUrl} rel="noopener noreferrer">
              {footer.terms}
            </a>
          </li>
          <li>
            <Link to={paths.smsTerms}>{footer.smsTerms}</Link>
          </li>
          <li>
            <Link to={paths.help}>{footer.loginAssistance}</Link>
          </li>
        </ul>
      </nav>
      <p className="portal-footer__copyright">{footer.copyright(new Date().getFullYear())}</p>
    </footer>
  );
}
