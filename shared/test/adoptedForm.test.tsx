import { render, screen } from '@testing-library/react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { captureRenderedForm, holdAdoptedForm, useAdoptedForm } from '../src/ui/adoptedForm';

/** A screen that renders the same fields as its server-rendered markup. */
function Form() {
  const adopted = useAdoptedForm();
  const [name, setName] = useState(() => adopted.value('name', ''));
  const [remember, setRemember] = useState(() => adopted.checked('remember', true));
  return (
    <form>
      <label htmlFor="name">User ID</label>
      <input id="name" value={name} onChange={(event) => setName(event.target.value)} />
      <label htmlFor="remember">Remember Me</label>
      <input
        id="remember"
        type="checkbox"
        checked={remember}
        onChange={(e) => setRemember(e.target.checked)}
      />
    </form>
  );
}

/** The page as the server sent it, after the user typed, moved the caret and toggled. */
function serverRendered(): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML =
    '<form><label for="name">User ID</label><input id="name" value=""><label for="remember">Remember Me</label>' +
    '<input id="remember" type="checkbox" checked></form>';
  document.body.append(container);
  const name = container.querySelector<HTMLInputElement>('#name');
  const remember = container.querySelector<HTMLInputElement>('#remember');
  if (!name || !remember) throw new Error('fixture');
  name.value = 'pat.password';
  remember.checked = false;
  name.focus();
  name.setSelectionRange(3, 7, 'backward');
  return container;
}

afterEach(() => {
  document.body.replaceChildren();
  window.history.replaceState(null, '', '/');
});

describe('taking over the server-rendered form', () => {
  it('keeps value, checkbox, focus and selection through the first synchronous render', () => {
    const container = serverRendered();
    holdAdoptedForm(captureRenderedForm(container, window.location.pathname));
    const root = createRoot(container);
    flushSync(() => root.render(<Form />));
    const name = screen.getByLabelText<HTMLInputElement>('User ID');
    expect(name.value).toBe('pat.password');
    expect(screen.getByLabelText<HTMLInputElement>('Remember Me').checked).toBe(false);
    expect(document.activeElement).toBe(name);
    expect([name.selectionStart, name.selectionEnd, name.selectionDirection]).toEqual([3, 7, 'backward']);
    root.unmount();
  });

  it('is taken once: a later screen starts empty', () => {
    const container = serverRendered();
    holdAdoptedForm(captureRenderedForm(container, window.location.pathname));
    container.remove();
    const first = render(<Form />);
    expect(screen.getByLabelText<HTMLInputElement>('User ID').value).toBe('pat.password');
    first.unmount();
    render(<Form />);
    expect(screen.getByLabelText<HTMLInputElement>('User ID').value).toBe('');
    expect(screen.getByLabelText<HTMLInputElement>('Remember Me').checked).toBe(true);
  });

  it('is not adopted at another address', () => {
    const container = serverRendered();
    holdAdoptedForm(captureRenderedForm(container, '/direct'));
    window.history.replaceState(null, '', '/help');
    container.remove();
    render(<Form />);
    expect(screen.getByLabelText<HTMLInputElement>('User ID').value).toBe('');
  });
});
