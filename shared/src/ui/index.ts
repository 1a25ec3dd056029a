/**
 * @portal/shared/ui: UI primitives (buttons, fields, layout, notices, dialogs, live status) and the hooks screens share; choice cards and code boxes are entries of their own (./choices, ./codes). Their stylesheets come with them.
 *
 * A kernel entry point, one Module Federation share key (docs/contracts.md). What it exports is
 * the kernel's public API, recorded in shared/api/report.api.md.
 */
export { Announcer } from './Announcer';
export { AssistanceDialog, type AssistanceDialogProps } from './AssistanceDialog';
export { BusyIndicator, type BusyIndicatorProps } from './BusyIndicator';
export {
  Button,
  buttonClass,
  type ButtonProps,
  type ButtonVariant,
  LinkButton,
  type LinkButtonProps,
} from './Button';
export { Checkbox, type CheckboxProps } from './Checkbox';
export { Dialog, type DialogProps } from './Dialog';
export { ErrorBanner, type ErrorBannerProps } from './ErrorBanner';
export {
  Actions,
  Card,
  type CardProps,
  PageHeading,
  type PageHeadingProps,
  Stack,
  stackClass,
  type StackGap,
  type StackProps,
} from './Layout';
export { LiveStatus, type LiveStatusProps } from './LiveStatus';
export { LoadingBar, type LoadingBarProps } from './LoadingBar';
export { Notice, type NoticeProps, type NoticeTone } from './Notice';
export { RedirectNotice, type RedirectNoticeProps } from './RedirectNotice';
export { TextField, type TextFieldProps, type TextInputAttributes } from './TextField';
export {
  type BusyFrame,
  BusyFrameContext,
  type BusyReport,
  useBusyFrame,
  useBusyIndicator,
  useReportBusy,
} from '../hooks/useBusyIndicator';
export { type CopyState, useCopyToClipboard } from '../hooks/useCopyToClipboard';
export {
  type BackdropPhase,
  type DialogMotion,
  type DialogMotionOptions,
  type DialogPhase,
  prefersReducedMotion,
  useDialogMotion,
} from '../hooks/useDialogMotion';
export { useFocusFirst } from '../hooks/useFocusFirst';
export { useSaying } from '../hooks/useSaying';
export {
  type Call,
  type LocalisedRunOptions,
  type LocalisedServerCall,
  type RunOptions,
  type ServerCall,
  useLocalisedServerCall,
  useRunOnMount,
  useServerCall,
} from '../hooks/useServerCall';
export { useTroubleshootFacts } from '../hooks/useTroubleshootFacts';
export { boundedText, boundedTitle, DISPLAY_TEXT_LIMIT, TITLE_TEXT_LIMIT } from '../display/boundedText';
export {
  type AdoptedField,
  type AdoptedForm,
  type AdoptedValues,
  captureRenderedForm,
  holdAdoptedForm,
  useAdoptedForm,
} from './adoptedForm';
