import type { ReactNode } from 'react';
import './Layout.css';

/** The vertical space between a stack's children: tight (a field's parts), normal, loose (a page's sections). */
export type StackGap = 'tight' | 'normal' | 'loose';

export interface StackProps {
  gap?: StackGap;
  className?: string;
  'aria-labelledby'?: string;
  /** The element ('div' by default); a form takes `stackClass` instead. */
  as?: 'div' | 'section';
  children?: ReactNode;
}

/**
 * Children one under another at one of the scale's gaps: every screen's rhythm (issue 44). A
 * screen is a `loose` stack of blocks; a form a `normal` stack of fields, its actions last.
 */
export function Stack({ gap = 'normal', as: Element = 'div', className, ...rest }: StackProps) {
  return <Element className={stackClass(gap, className)} {...rest} />;
}

/** A stack's classes, for an element Stack does not render (a form, a list). */
export function stackClass(gap: StackGap = 'normal', extra?: string): string {
  return ['portal-stack', `portal-stack--${gap}`, extra].filter(Boolean).join(' ');
}

/** A form's or a screen's buttons, on one line while they fit, wrapping under each other on a phone. */
export function Actions({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={['portal-actions', className].filter(Boolean).join(' ')}>{children}</div>;
}

export interface PageHeadingProps {
  id?: string;
  /** The whole heading, when the words shown are cut short (a long name at 320 px). */
  title?: string;
  className?: string;
  /** A line under the heading that says what the screen is for. */
  lead?: ReactNode;
  children: ReactNode;
}

/** A screen's one `h1` (the shell focuses it on arrival) and its optional lead line. */
export function PageHeading({ lead, className, children, ...rest }: PageHeadingProps) {
  const heading = (
    <h1 className={['portal-page-heading', className].filter(Boolean).join(' ')} {...rest}>
      {children}
    </h1>
  );
  if (!lead) return heading;
  return (
    <div className="portal-page-heading__block">
      {heading}
      <p className="portal-page-heading__lead">{lead}</p>
    </div>
  );
}

export interface CardProps {
  className?: string;
  /** The card's heading (an h2), naming the region. */
  title?: ReactNode;
  titleId?: string;
  children?: ReactNode;
}

/** A raised block inside a screen (a list of credentials, a section of self-service). */
export function Card({ title, titleId, className, children }: CardProps) {
  return (
    <section
      className={['portal-card', className].filter(Boolean).join(' ')}
      aria-labelledby={title && titleId ? titleId : undefined}
    >
      {title ? (
        <h2 id={titleId} className="portal-card__title">
          {title}
        </h2>
      ) : null}
      {children}
    </section>
  );
}
