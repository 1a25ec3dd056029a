import type { MouseEventHandler, ReactNode, Ref } from 'react';
import './Button.css';

/** How much a button asks for attention: one primary per form, secondary beside it, quiet for the rest. */
export type ButtonVariant = 'primary' | 'secondary' | 'quiet';

/**
 * The classes of a button of `variant`, for an element that is not a `<button>` but must look like
 * one (a link to another screen, a router `Link`).
 */
export function buttonClass(variant: ButtonVariant = 'secondary', extra?: string): string {
  return ['portal-button', `portal-button--${variant}`, extra].filter(Boolean).join(' ');
}

/** What the kernel's buttons take: the few attributes screens use, so the contract stays small. */
interface ButtonBaseProps {
  children: ReactNode;
  onClick?: MouseEventHandler<HTMLButtonElement>;
  /** 'button' unless given: a button in a form submits only when it says so. */
  type?: 'button' | 'submit';
  disabled?: boolean;
  className?: string;
  id?: string;
  'aria-describedby'?: string;
  /** Focusable but refusing, with its reason described (a Copy the browser cannot do). */
  'aria-disabled'?: boolean;
  'aria-haspopup'?: 'dialog' | 'menu';
  'aria-expanded'?: boolean;
  'aria-controls'?: string;
  'aria-label'?: string;
  ref?: Ref<HTMLButtonElement>;
}

export interface ButtonProps extends ButtonBaseProps {
  variant?: ButtonVariant;
}

/** The kernel's button (issue 44): primary, secondary or quiet. */
export function Button({
  variant = 'secondary',
  className,
  type = 'button',
  ref,
  children,
  ...rest
}: ButtonProps) {
  return (
    // biome-ignore lint/a11y/useButtonType: the type is the prop's, 'button' by default
    <button ref={ref} type={type} className={buttonClass(variant, className)} {...rest}>
      {children}
    </button>
  );
}

export type LinkButtonProps = ButtonBaseProps;

/** An action that reads as a link in running text ('More Info', 'Not you?'): the one link style. */
export function LinkButton({ className, type = 'button', ref, children, ...rest }: LinkButtonProps) {
  const classes = ['portal-link-button', className].filter(Boolean).join(' ');
  return (
    // biome-ignore lint/a11y/useButtonType: the type is the prop's, 'button' by default
    <button ref={ref} type={type} className={classes} {...rest}>
      {children}
    </button>
  );
}
