import { PageHeading, Stack, stackClass } from '@portal/shared/ui';
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

/**
 * A policy or information page inside the host's <main>: the page heading and its lead paragraphs,
 * headed sections, the 'last updated' line; a loose stack of blocks (issue 44).
 */
export function InfoPage({ title, content, intro = [] }: InfoPageProps) {
  const titleId = useId();
  return (
    <article className={stackClass('loose', 'portal-content')} aria-labelledby={titleId}>
      <ContentHeading id={titleId} title={title} lead={[...intro, ...content.lead]} />
      <ContentSections sections={content.sections} />
      {content.updated ? <p className="portal-content__updated">{content.updated}</p> : null}
    </article>
  );
}

/** The page's h1 (the shell focuses it on arrival) with the lead paragraphs under it. */
export function ContentHeading({ id, title, lead }: { id: string; title: string; lead: readonly string[] }) {
  return (
    <Stack gap="normal">
      <PageHeading id={id}>{title}</PageHeading>
      {lead.map((paragraph) => (
        <p key={paragraph} className="portal-content__lead">
          {paragraph}
        </p>
      ))}
    </Stack>
  );
}
