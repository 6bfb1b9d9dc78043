// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Field, PasswordInput, TextArea, TextInput, useFieldControl } from '../../src/ui';

afterEach(cleanup);

const describedText = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent);

describe('Field', () => {
  it('labels the control and describes it by the help text', () => {
    render(
      <Field label="Title" help="Up to 40 characters">
        <TextInput />
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Title' });
    expect(describedText(input)).toEqual(['Up to 40 characters']);
    expect(input.hasAttribute('aria-invalid')).toBe(false);
  });

  it('with an error: aria-invalid and aria-describedby pointing to the error (then the help)', () => {
    render(
      <Field label="Title" help="Up to 40 characters" error="Too long" required>
        <TextInput defaultValue="x" />
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Title' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-required')).toBe('true');
    expect(describedText(input)).toEqual(['Too long', 'Up to 40 characters']);
  });

  it('wires a TextArea and keeps its own aria-describedby', () => {
    render(
      <>
        <p id="extra">Extra hint</p>
        <Field label="Prompt" error="Required">
          <TextArea aria-describedby="extra" />
        </Field>
      </>,
    );
    const area = screen.getByRole('textbox', { name: 'Prompt' });
    expect(area.tagName).toBe('TEXTAREA');
    expect(describedText(area)).toEqual(['Required', 'Extra hint']);
  });

  it('useFieldControl wires a custom control', () => {
    function Custom() {
      const field = useFieldControl();
      return <input type="email" {...field} />;
    }
    render(
      <Field label="Email" error="Invalid">
        <Custom />
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(input)).toEqual(['Invalid']);
  });
});

describe('PasswordInput', () => {
  it('toggles visibility with a named, pressed-state button', () => {
    const onChange = vi.fn();
    render(
      <Field label="Password">
        <PasswordInput showLabel="Show password" hideLabel="Hide password" onChange={onChange} />
      </Field>,
    );
    const input = screen.getByLabelText('Password') as HTMLInputElement;
    expect(input.type).toBe('password');
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    expect(input.type).toBe('text');
    expect(screen.getByRole('button', { name: 'Hide password' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.change(input, { target: { value: 'secret' } });
    expect(onChange).toHaveBeenCalled();
  });
});
