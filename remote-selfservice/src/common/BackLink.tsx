import { Link } from '@portal/shared/router';
import type { ReactNode, Ref } from 'react';
import { messages } from '../messages';
import { paths } from '../paths';

/**
 * The way up from a self-service page, above its heading (issue 44): a link in the one link style
 * with a chevron that points back in the page's direction (mirrored right to left).
 */
export function BackLink({
  to,
  ref,
  children,
}: {
  to: string;
  ref?: Ref<HTMLAnchorElement>;
  children: ReactNode;
}) {
  return (
    <Link ref={ref} to={to} className="portal-selfservice__back">
      <svg
        className="portal-selfservice__back-icon"
        width="16"
        height="16"
        viewBox="0 0 16 16"
        aria-hidden="true"
        focusable="false"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M10 3 5 8l5 5" />
      </svg>
      <span>{children}</span>
    </Link>
  );
}

/** Self-service's way back to the welcome page. */
export function BackToWelcome() {
  return <BackLink to={paths.welcome}>{messages.selfService.backToWelcome}</BackLink>;
}
