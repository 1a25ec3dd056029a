import { useId } from 'react';
import { ContentSections } from './ContentSections';
import type { PageContent } from './schema';
import './content.css';

export interface InfoPageProps {
  title: string;
  content: PageContent;
  /** Paragraphs from the shared catalogue shown before the content file's own lead. */
  intro?: readonly string[];
}

/** A policy or information page inside the host's <main>: <h1>, lead paragraphs, headed sections, 'last updated' line. */
export function InfoPage({ title, content, intro = [] }: InfoPageProps) {
  const titleId = useId();
  return (
    <article className="portal-content" aria-labelledby={titleId}>
      <h1 id={titleId}>{title}</h1>
      {[...intro, ...content.lead].map((paragraph) => (
        <p key={paragraph} className="portal-content__lead">
          {paragraph}
        </p>
      ))}
      <ContentSections sections={content.sections} />
      {content.updated ? <p className="portal-content__updated">{content.updated}</p> : null}
    </article>
  );
}
