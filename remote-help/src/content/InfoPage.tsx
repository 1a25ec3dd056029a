import { type ReactNode, useId } from 'react';
import { ContentSections } from './ContentSections';
import type { PageContent } from './schema';
import './content.css';

export interface InfoPageProps {
  title: string;
  content: PageContent;
  /** Paragraphs from the shared catalogue shown before the content file's own lead. */
  intro?: readonly string[];
  /** Smaller type and spacing, for the page shown inside another site's frame. */
  compact?: boolean;
  /** The landmark element: 'article' inside the host's <main>, 'main' when there is no shell. */
  as?: 'article' | 'main';
}

/** A policy or information page: <h1>, lead paragraphs, headed sections, 'last updated' line. */
export function InfoPage({ title, content, intro = [], compact = false, as = 'article' }: InfoPageProps) {
  const titleId = useId();
  const className = compact ? 'portal-content portal-content--compact' : 'portal-content';
  const body: ReactNode = (
    <>
      <h1 id={titleId}>{title}</h1>
      {[...intro, ...content.lead].map((paragraph) => (
        <p key={paragraph} className="portal-content__lead">
          {paragraph}
        </p>
      ))}
      <ContentSections sections={content.sections} />
      {content.updated ? <p className="portal-content__updated">{content.updated}</p> : null}
    </>
  );
  return as === 'main' ? (
    <main className={className} aria-labelledby={titleId}>
      {body}
    </main>
  ) : (
    <article className={className} aria-labelledby={titleId}>
      {body}
    </article>
  );
}
