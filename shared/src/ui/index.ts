/**
 * @portal/shared/ui: UI primitives (buttons, fields, layout, notices, dialogs, live status) and the hooks screens share; choice cards and code boxes are entries of their own (./choices, ./codes). Their stylesheets come with them.
 *
 * A kernel entry point, one Module Federation share key (docs/contracts.md). What it exports is
 * the kernel's public API, recorded in shared/api/report.api.md.
 */
export { Announcer } from './Announcer';
export { BusyIndicator } from './BusyIndicator';
export {
  Button,
  buttonClass,
  type ButtonVariant,
  LinkButton,
} from './Button';
export { Checkbox } from './Checkbox';
export { Dialog } from './Dialog';
export { ErrorBanner } from './ErrorBanner';
export {
  Actions,
  Card,
  PageHeading,
  Stack,
  stackClass,
} from './Layout';
export { LiveStatus } from './LiveStatus';
export { LoadingBar } from './LoadingBar';
export { Notice } from './Notice';
export { RedirectNotice } from './RedirectNotice';
export { clipboardText, troubleshootLines } from './troubleshootLines';
export { TextField, type TextInputAttributes } from './TextField';
export {
  BusyFrameContext,
  useBusyFrame,
  useBusyIndicator,
} from '../hooks/useBusyIndicator';
export { useCopyToClipboard } from '../hooks/useCopyToClipboard';
export { useFocusFirst } from '../hooks/useFocusFirst';
export { useSaying } from '../hooks/useSaying';
export {
  type Call,
  type LocalisedServerCall,
  useLocalisedServerCall,
  useRunOnMount,
} from '../hooks/useServerCall';
export { useTroubleshootFacts } from '../hooks/useTroubleshootFacts';
export { boundedText, boundedTitle, DISPLAY_TEXT_LIMIT } from '../display/boundedText';
export {
  captureRenderedForm,
  holdAdoptedForm,
  useAdoptedForm,
} from './adoptedForm';
