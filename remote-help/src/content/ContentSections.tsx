import { stackClass } from '@portal/shared/ui';
import { useId } from 'react';
import type { ContentBlock, ContentSection } from './schema';
import './content.css';

/** Stable keys from the content itself: the files have no ids, and their order never changes at run time. */
function blockKey(block: ContentBlock): string {
  switch (block.type) {
    case 'paragraph':
      return `p:${block.text}`;
    case 'list':
      return `l:${block.items.join('\n')}`;
    case 'table':
      return `t:${block.caption}`;
  }
}

export function ContentBlockView({ block }: { block: ContentBlock }) {
  switch (block.type) {
    case 'paragraph':
      return <p>{block.text}</p>;
    case 'list': {
      const items = block.items.map((item) => <li key={item}>{item}</li>);
      return block.ordered ? (
        <ol className="portal-content__list">{items}</ol>
      ) : (
        <ul className="portal-content__list">{items}</ul>
      );
    }
    case 'table':
      return <TableBlock block={block} />;
  }
}

/**
 * A table in its own scroll box, so a narrow screen scrolls the table, not the page (WCAG 1.4.10);
 * the box takes focus (a keyboard user scrolls it with the arrow keys) and is named by the caption.
 */
function TableBlock({ block }: { block: Extract<ContentBlock, { type: 'table' }> }) {
  const captionId = useId();
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll box must be reachable by keyboard (WCAG 2.1.1)
    <section className="portal-content__table-scroll" aria-labelledby={captionId} tabIndex={0}>
      <table className="portal-table">
        <caption id={captionId}>{block.caption}</caption>
        <thead>
          <tr>
            {block.columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {block.rows.map((row) => {
            const [name = '', ...cells] = row;
            return (
              <tr key={name}>
                <th scope="row">{name}</th>
                {cells.map((cell, column) => (
                  // Cells of one row may repeat; their column is what tells them apart.
                  <td key={column}>{cell}</td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

function Section({ section }: { section: ContentSection }) {
  const headingId = useId();
  return (
    <section className={stackClass('normal', 'portal-content__section')} aria-labelledby={headingId}>
      <h2 id={headingId}>{section.heading}</h2>
      {section.blocks.map((block) => (
        <ContentBlockView key={blockKey(block)} block={block} />
      ))}
    </section>
  );
}

/** Headed sections of a content file, each a labelled region under the page's <h1>. */
export function ContentSections({ sections }: { sections: readonly ContentSection[] }) {
  return (
    <>
      {sections.map((section) => (
        <Section key={section.heading} section={section} />
      ))}
    </>
  );
}
