import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button, buttonClass, LinkButton } from '../src/ui/Button';
import { Checkbox } from '../src/ui/Checkbox';
import { type ChoiceGroup, ChoiceList } from '../src/ui/choices/ChoiceList';
import { Card, PageHeading, Stack, stackClass } from '../src/ui/Layout';
import { Notice } from '../src/ui/Notice';
import { TextField } from '../src/ui/TextField';

/** What assistive technology reads as the element's description: its aria-describedby texts. */
function description(element: HTMLElement): string {
  const ids = element.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

describe('Button and LinkButton', () => {
  it('does not submit a form unless it says so', () => {
    const submit = vi.fn((event: Event) => event.preventDefault());
    render(
      <form onSubmit={(event) => submit(event.nativeEvent)}>
        <Button>Cancel</Button>
        <Button type="submit" variant="primary">
          Submit
        </Button>
        <LinkButton>More Info</LinkButton>
      </form>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'More Info' }));
    expect(submit).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(submit).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Submit' }).className).toBe(
      'portal-button portal-button--primary',
    );
  });

  it('gives a link the look of a button', () => {
    expect(buttonClass('quiet', 'extra')).toBe('portal-button portal-button--quiet extra');
  });
});

describe('TextField', () => {
  it('labels the input and describes it with its hint and its error', () => {
    render(<TextField label="Email address" hint="We send a code there." error="Enter an email address" />);
    const input = screen.getByRole('textbox', { name: 'Email address' });
    expect(description(input)).toBe('We send a code there. Enter an email address');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('Enter an email address');
  });

  it('says nothing while the value is fine', () => {
    render(<TextField label="Phone" error={null} />);
    const input = screen.getByRole('textbox', { name: 'Phone' });
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(input.hasAttribute('aria-describedby')).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('Checkbox', () => {
  it('puts the hint under the label and reads it with the box', () => {
    const change = vi.fn();
    render(<Checkbox label="Remember Me" hint="Your User ID is kept on this device." onChange={change} />);
    const box = screen.getByRole('checkbox', { name: 'Remember Me' });
    expect(description(box)).toBe('Your User ID is kept on this device.');
    fireEvent.click(box);
    expect(change).toHaveBeenCalledTimes(1);
  });
});

const GROUPS: ChoiceGroup[] = [
  {
    key: 'otp',
    title: 'Codes by message',
    choices: [
      { value: 'SMSOTP', title: 'Text message', icon: 'message', description: 'To your phone' },
      { value: 'EMAILOTP', title: 'Email', icon: 'email' },
    ],
  },
  { key: 'PASSWORD', choices: [{ value: 'PASSWORD', title: 'Password' }] },
];

function Choosing({ onChange }: { onChange: (value: string) => void }) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <ChoiceList
      legend="Select an authentication method"
      name="factor"
      value={value}
      groups={GROUPS}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('ChoiceList', () => {
  it('is one radio group named by its legend, with titled sub-groups and descriptions', () => {
    const change = vi.fn();
    render(<Choosing onChange={change} />);
    const list = screen.getByRole('group', { name: 'Select an authentication method' });
    expect(list.isConnected).toBe(true);
    const group = screen.getByRole('group', { name: 'Codes by message' });
    expect(group.contains(screen.getByRole('radio', { name: 'Text message' }))).toBe(true);
    expect(description(screen.getByRole('radio', { name: 'Text message' }))).toBe('To your phone');
    expect(screen.getAllByRole('radio')).toHaveLength(3);
    expect(new Set(screen.getAllByRole('radio').map((radio) => radio.getAttribute('name')))).toEqual(
      new Set(['factor']),
    );
    fireEvent.click(screen.getByText('Email'));
    expect(change).toHaveBeenCalledWith('EMAILOTP');
    expect((screen.getByRole('radio', { name: 'Email' }) as HTMLInputElement).checked).toBe(true);
  });

  it('draws an icon only where the choice names one, hidden from assistive technology', () => {
    const { container } = render(<Choosing onChange={() => undefined} />);
    const icons = container.querySelectorAll('svg.portal-choice__icon');
    expect(icons).toHaveLength(2);
    for (const icon of icons) expect(icon.getAttribute('aria-hidden')).toBe('true');
  });
});

describe('ChoiceList with a choice that cannot be chosen', () => {
  it('shows it, refuses it, and gives the first choosable radio to the screen', () => {
    const first = { current: null as HTMLInputElement | null };
    render(
      <ChoiceList
        legend="Credential type"
        name="type"
        value={null}
        onChange={() => undefined}
        firstRef={first}
        groups={[
          {
            key: 'all',
            choices: [
              { value: 'sms', title: 'SMS', disabled: true, description: 'Not available here' },
              { value: 'totp', title: 'Authenticator app' },
            ],
          },
        ]}
      />,
    );
    const sms = screen.getByRole('radio', { name: 'SMS' }) as HTMLInputElement;
    expect(sms.disabled).toBe(true);
    expect(description(sms)).toBe('Not available here');
    expect(first.current).toBe(screen.getByRole('radio', { name: 'Authenticator app' }));
  });
});

describe('Notice', () => {
  it('is heard as its live setting says', () => {
    render(
      <>
        <Notice tone="error" live="alert">
          Wrong code
        </Notice>
        <Notice tone="success" live="status">
          A new code was sent.
        </Notice>
        <Notice tone="info">Read me in place.</Notice>
      </>,
    );
    expect(screen.getByRole('alert').textContent).toBe('Wrong code');
    expect(screen.getByRole('status').textContent).toBe('A new code was sent.');
    expect(screen.getByText('Read me in place.').closest('[role]')).toBeNull();
  });
});

describe('layout', () => {
  it('names a card by its heading and gives a screen one h1', () => {
    render(
      <Stack gap="loose">
        <PageHeading lead="Manage how you sign in">Self Service</PageHeading>
        <Card title="Passkeys" titleId="passkeys">
          <p>None yet</p>
        </Card>
      </Stack>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Self Service' }).isConnected).toBe(true);
    expect(screen.getByRole('region', { name: 'Passkeys' }).textContent).toContain('None yet');
    expect(stackClass('tight')).toBe('portal-stack portal-stack--tight');
  });
});
