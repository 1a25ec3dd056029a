import type { CredentialOption } from '@portal/shared/api/schemas';
import { ownValue } from '@portal/shared/lookup';
import { messages } from '@portal/shared/messages/en_US';

/** Words for the credential types an option can have (ivr is the voice call, login only). */
const TYPE_NAMES: Readonly<Record<string, string>> = {
  ...messages.credentialTypes,
  ivr: messages.factorLabels.IVROTP,
};

/** 'the value (its type)', e.g. '+1 ***-***-0101 (SMS)'; the value alone when the type is unknown. */
export function optionLabel(option: CredentialOption): string {
  const value = option.credValue || option.credId;
  const type = option.credType ? ownValue(TYPE_NAMES, option.credType.toLowerCase()) : undefined;
  return type ? `${value} (${type})` : value;
}
