import { ownValue } from '@portal/shared/config';
import { messages } from '../messages';

const INLINE_CODES = new RegExp(`\\b(${Object.keys(messages.inlineFactorNames).join('|')})\\b`, 'g');

/** Inline messages name factors in words: FIDO → 'biometrics', SECURITYKEY → 'security key'… */
export function inlineFactorMessage(text: string): string {
  return text.replace(INLINE_CODES, (code) => ownValue(messages.inlineFactorNames, code) ?? code);
}
