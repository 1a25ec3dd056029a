/**
 * @portal/shared/ui/choices: choosing one of several ways (a factor, a credential type): choice
 * cards in titled groups (each with its factor icon), and the FIDO icons. Their stylesheets come with them.
 *
 * A kernel entry point, one Module Federation share key (docs/contracts.md), of its own so that a
 * first screen, which never offers a choice, does not load it: the host's start-up chunk holds
 * only the entries the shell and the first screens import (tooling/src/startupModules.ts).
 */
export { type ChoiceGroup, ChoiceList } from './ChoiceList';
export { FidoIcon } from './FidoIcon';
