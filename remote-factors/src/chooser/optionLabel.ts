import type { CredentialOption } from '@portal/shared/transport';
import { ownValue } from '@portal/shared/config';
import { boundedText } from '@portal/shared/ui';
import { messages } from '../messages';

/** Words for the credential types an option can have (ivr is the voice call, login only), read when shown. */
const typeNames = (): Readonly<Record<string, string>> => ({
  ...messages.credentialTypes,
  ivr: messages.factorLabels.IVROTP,
});

/**
 * 'the value (its type)', e.g. '+1 ***-***-0101 (SMS)'; the value alone when the type is unknown.
 * The value is the server's (a device name may be any length), so it is bounded.
 */
export function optionLabel(option: CredentialOption): string {
  const value = optionValue(option);
  const type = option.credType ? ownValue(typeNames(), option.credType.toLowerCase()) : undefined;
  return type ? messages.chooser.optionLabel({ value, type }) : value;
}

/** The option's value or id as shown on a factor screen ('code sent to …', 'your … device'): bounded. */
export function optionValue(option: CredentialOption): string {
  return boundedText(option.credValue || option.credId);
}
