/**
 * @portal/shared/ui: UI primitives (buttons, fields, layout, notices, dialogs, live status) and the hooks screens share; choice cards and code boxes are entries of their own (./choices, ./codes). Their stylesheets come with them.
 *
 * A kernel entry point, one Module Federation share key (docs/contracts.md). What it exports is
 * the kernel's public API, recorded in shared/api/report.api.md.
 */
export * from './Announcer';
export * from './AssistanceDialog';
export * from './BusyIndicator';
export * from './Button';
export * from './Checkbox';
export * from './Dialog';
export * from './ErrorBanner';
export * from './Layout';
export * from './LiveStatus';
export * from './LoadingBar';
export * from './Notice';
export * from './RedirectNotice';
export * from './TextField';
export * from '../hooks/useBusyIndicator';
export * from '../hooks/useCopyToClipboard';
export * from '../hooks/useDialogMotion';
export * from '../hooks/useFocusFirst';
export * from '../hooks/useSaying';
export * from '../hooks/useServerCall';
export * from '../hooks/useTroubleshootFacts';
export * from '../display/boundedText';
export * from './adoptedForm';
