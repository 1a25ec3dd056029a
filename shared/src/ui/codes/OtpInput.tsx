import {
  type ChangeEvent,
  type ClipboardEvent,
  type KeyboardEvent,
  type Ref,
  useId,
  useImperativeHandle,
  useRef,
  useState,
} from 'react';
import { OTP_LENGTH } from '../../constants';
import { useSaying } from '../../hooks/useSaying';
import { finding } from '../../i18n/saying';
import { messages } from '../../messages/en_US';
import { fillDigits, isDigits, otpLengthError } from './otpCode';
import './OtpInput.css';

export interface OtpInputHandle {
  /** Shows 'Security code must be {n} digits long.' when incomplete; true when the code is complete. */
  validate(): boolean;
  /** Empties the boxes (after a wrong code or a resend) and focuses the first one. */
  clear(): void;
  focus(): void;
  /**
   * Fills the boxes with a whole code from elsewhere (the WebOTP API), as if the user had pasted
   * it into the first box: digits only, then `onComplete` when every box holds one.
   */
  fill(code: string): void;
  /** The digits entered so far. */
  value(): string;
}

export interface OtpInputProps {
  /** Number of boxes; six by default. */
  length?: number;
  /** Called with the code as soon as every box holds a digit (the screens auto-submit). */
  onComplete?: (code: string) => void;
  /** Called with the digits entered so far after every change. */
  onChange?: (code: string) => void;
  /** A message from outside (e.g. the server rejected the code), shown under the boxes. */
  error?: string | null;
  disabled?: boolean;
  autoFocus?: boolean;
  /** Accessible name of the group; 'Security code' by default. */
  label?: string;
  ref?: Ref<OtpInputHandle>;
}

/**
 * What the user added to a box: the box's digit is selected on focus so typing normally replaces
 * it, but if the caret sat beside it the old digit is still in the value and is dropped. Longer
 * values (autofill of the whole code) are kept whole.
 */
function typedText(previous: string, value: string): string {
  if (previous === '' || value.length !== 2) return value;
  if (value.startsWith(previous)) return value.slice(1);
  if (value.endsWith(previous)) return value.slice(0, 1);
  return value;
}

/**
 * Six-box one-time-code entry (spec section 5): digits only, one per box, auto-advance,
 * Backspace goes back, paste or autofill fills the boxes.
 */
export function OtpInput({
  length = OTP_LENGTH,
  onComplete,
  onChange,
  error,
  disabled = false,
  autoFocus = false,
  label = messages.otp.groupLabel,
  ref,
}: OtpInputProps) {
  const [boxes, setBoxes] = useState<string[]>(() => Array.from({ length }, () => ''));
  // What to say, read at each render: a language switch shows it in the new words.
  const [localError, setLocalError] = useSaying();
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const id = useId();
  const errorId = `${id}-error`;
  const focusBox = (index: number) => inputs.current[Math.max(0, Math.min(length - 1, index))]?.focus();

  const update = (next: string[], focusIndex: number) => {
    setBoxes(next);
    setLocalError(null);
    const code = next.join('');
    onChange?.(code);
    focusBox(focusIndex);
    if (next.every((digit) => digit !== '')) onComplete?.(code);
  };

  /** Accepts digits typed, pasted or autofilled into box `index`; refuses anything else. */
  const enter = (index: number, text: string) => {
    const cleaned = text.replace(/\s+/g, '');
    if (cleaned === '') return;
    if (!isDigits(cleaned)) {
      setLocalError(() => messages.otp.invalidCharacter);
      return;
    }
    update(fillDigits(boxes, index, cleaned), index + cleaned.length);
  };

  useImperativeHandle(
    ref,
    () => ({
      validate() {
        const code = boxes.join('');
        const problem = finding(() => otpLengthError(code, length));
        setLocalError(problem);
        return problem === null;
      },
      clear() {
        setBoxes(Array.from({ length }, () => ''));
        setLocalError(null);
        focusBox(0);
      },
      focus: () => focusBox(boxes.indexOf('')),
      fill: (code) => enter(0, code),
      value: () => boxes.join(''),
    }),
    // focusBox and enter only read refs, boxes and the callbacks, so boxes and length are the real inputs.
    [boxes, length],
  );

  const onInputChange = (index: number) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.target.value;
    if (value === '') {
      const next = [...boxes];
      next[index] = '';
      update(next, index);
      return;
    }
    enter(index, typedText(boxes[index] ?? '', value));
  };

  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && boxes[index] === '' && index > 0) {
      event.preventDefault();
      const next = [...boxes];
      next[index - 1] = '';
      update(next, index - 1);
    } else if (event.key === 'ArrowLeft') {
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight') {
      focusBox(index + 1);
    }
  };

  const onPaste = (index: number) => (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    enter(index, event.clipboardData.getData('text'));
  };

  const shownError = localError ?? error ?? null;
  return (
    <fieldset className="portal-otp">
      <legend className="portal-otp__label">{label}</legend>
      {/* The boxes sit at the line's start, as the page's other fields do (the right on an RTL
          page), but digits are read left to right in every language: box 1 is leftmost there too. */}
      <div className="portal-otp__row">
        <div className="portal-otp__boxes" dir="ltr">
          {boxes.map((digit, index) => (
            <input
              // Boxes are positional: the index is their identity.
              key={index}
              ref={(element) => {
                inputs.current[index] = element;
              }}
              className="portal-otp__box"
              type="text"
              inputMode="numeric"
              pattern="[0-9]*"
              autoComplete={index === 0 ? 'one-time-code' : 'off'}
              aria-label={messages.otp.digitLabel({ position: index + 1, total: length })}
              aria-invalid={shownError ? true : undefined}
              aria-describedby={shownError ? errorId : undefined}
              // biome-ignore lint/a11y/noAutofocus: the code is the only thing to enter on this screen
              autoFocus={autoFocus && index === 0}
              disabled={disabled}
              value={digit}
              onFocus={(event) => event.target.select()}
              onChange={onInputChange(index)}
              onKeyDown={onKeyDown(index)}
              onPaste={onPaste(index)}
            />
          ))}
        </div>
      </div>
      {shownError ? (
        <p id={errorId} className="portal-otp__error" role="alert">
          {shownError}
        </p>
      ) : null}
    </fieldset>
  );
}
