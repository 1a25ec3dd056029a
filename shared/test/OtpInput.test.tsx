import { createEvent, fireEvent, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { OtpInput, type OtpInputHandle } from '../src/ui/codes/OtpInput';

const boxes = () => screen.getAllByRole('textbox') as HTMLInputElement[];

function paste(target: HTMLElement, text: string) {
  const event = createEvent.paste(target, { clipboardData: { getData: () => text } });
  fireEvent(target, event);
}

describe('OtpInput', () => {
  it('renders six labelled numeric boxes with one-time-code autofill', () => {
    render(<OtpInput />);
    expect(screen.getByRole('group', { name: 'Security code' })).toBeTruthy();
    expect(boxes()).toHaveLength(6);
    expect(screen.getByLabelText('Digit 1 of 6').getAttribute('autocomplete')).toBe('one-time-code');
    for (const box of boxes()) expect(box.getAttribute('inputmode')).toBe('numeric');
  });

  it('takes one digit per box, advances, and completes', () => {
    const onComplete = vi.fn();
    render(<OtpInput onComplete={onComplete} />);
    '123456'.split('').forEach((digit, index) => {
      fireEvent.change(boxes()[index] as HTMLInputElement, { target: { value: digit } });
      if (index < 5) expect(document.activeElement).toBe(boxes()[index + 1]);
    });
    expect(boxes().map((b) => b.value)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(onComplete).toHaveBeenCalledWith('123456');
  });

  it("refuses a non-digit with 'Invalid character. Only numbers are accepted as input.'", () => {
    render(<OtpInput />);
    fireEvent.change(boxes()[0] as HTMLInputElement, { target: { value: 'a' } });
    expect(boxes()[0]?.value).toBe('');
    expect(screen.getByRole('alert').textContent).toBe(
      'Invalid character. Only numbers are accepted as input.',
    );
    expect(boxes()[0]?.getAttribute('aria-invalid')).toBe('true');
  });

  it('paste fills the boxes', () => {
    const onComplete = vi.fn();
    render(<OtpInput onComplete={onComplete} />);
    paste(boxes()[0] as HTMLInputElement, ' 654 321 ');
    expect(boxes().map((b) => b.value)).toEqual(['6', '5', '4', '3', '2', '1']);
    expect(onComplete).toHaveBeenCalledWith('654321');
  });

  it('fill() puts a whole code in the boxes and completes (a code from the WebOTP API)', () => {
    const onComplete = vi.fn();
    const ref = createRef<OtpInputHandle>();
    render(<OtpInput ref={ref} onComplete={onComplete} />);
    act(() => ref.current?.fill('246810'));
    expect(boxes().map((b) => b.value)).toEqual(['2', '4', '6', '8', '1', '0']);
    expect(onComplete).toHaveBeenCalledWith('246810');
  });

  it('a pasted non-numeric text is refused with the message', () => {
    render(<OtpInput />);
    paste(boxes()[0] as HTMLInputElement, '12ab56');
    expect(boxes().every((b) => b.value === '')).toBe(true);
    expect(screen.getByRole('alert').textContent).toBe(
      'Invalid character. Only numbers are accepted as input.',
    );
  });

  it('Backspace in an empty box goes back and clears the previous digit', () => {
    render(<OtpInput />);
    fireEvent.change(boxes()[0] as HTMLInputElement, { target: { value: '7' } });
    fireEvent.keyDown(boxes()[1] as HTMLInputElement, { key: 'Backspace' });
    expect(boxes()[0]?.value).toBe('');
    expect(document.activeElement).toBe(boxes()[0]);
  });

  it("an incomplete submit shows 'Security code must be {n} digits long.'", () => {
    const ref = createRef<OtpInputHandle>();
    render(<OtpInput ref={ref} length={4} />);
    fireEvent.change(boxes()[0] as HTMLInputElement, { target: { value: '1' } });
    let valid = true;
    act(() => {
      valid = ref.current?.validate() ?? true;
    });
    expect(valid).toBe(false);
    expect(screen.getByRole('alert').textContent).toBe('Security code must be 4 digits long.');
  });

  it('shows an error given from outside as text', () => {
    render(<OtpInput error="<b>Wrong code</b>" />);
    expect(screen.getByRole('alert').textContent).toBe('<b>Wrong code</b>');
  });
});
