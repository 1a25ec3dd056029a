import { useAtomValue } from 'jotai';
import { announcementAtom } from '../session/atoms';
import './Announcer.css';

/**
 * The portal's one polite live region; mount it once, in the host. It is in the page from the
 * start, empty, and only its text changes (a region inserted together with its text is often not
 * announced). Write to it with a11y/announce.
 */
export function Announcer() {
  const announcement = useAtomValue(announcementAtom);
  return (
    <div className="portal-announcer" role="status" aria-live="polite" aria-atomic="true">
      {/* Keyed by serial: the same words twice are a new text node, announced again. */}
      {announcement ? <span key={announcement.serial}>{announcement.text}</span> : null}
    </div>
  );
}
