// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Select, Slider, Switch } from '../../src/ui';

afterEach(cleanup);

const sizes = [
  { value: 'sq', label: 'Square' },
  { value: 'portrait', label: 'Portrait' },
  { value: 'land', label: 'Landscape' },
];

describe('Select', () => {
  it('the trigger is a combobox named by the label, showing the placeholder', () => {
    render(<Select label="Aspect" options={sizes} placeholder="Pick one" />);
    const trigger = screen.getByRole('combobox', { name: 'Aspect' });
    expect(trigger.textContent).toContain('Pick one');
    expect(screen.getByText('Aspect')).toBeTruthy();
  });

  it('opens with the keyboard and selects an option with ArrowDown + Enter', () => {
    const onValueChange = vi.fn();
    function Harness() {
      const [value, setValue] = useState('sq');
      return (
        <Select
          label="Aspect"
          hideLabel
          options={sizes}
          value={value}
          onValueChange={(v) => {
            onValueChange(v);
            setValue(v);
          }}
        />
      );
    }
    render(<Harness />);
    const trigger = screen.getByRole('combobox', { name: 'Aspect' });
    expect(trigger.textContent).toContain('Square');
    fireEvent.keyDown(trigger, { key: 'Enter' });
    expect(screen.getByRole('listbox')).toBeTruthy();
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Square', 'Portrait', 'Landscape']);
    const portrait = screen.getByRole('option', { name: 'Portrait' });
    portrait.focus();
    fireEvent.keyDown(portrait, { key: 'Enter' });
    expect(onValueChange).toHaveBeenCalledWith('portrait');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Aspect' }).textContent).toContain('Portrait');
  });
});

describe('Slider', () => {
  it('exposes a named slider with its value, shown as text, and steps with the arrow keys', () => {
    const onValueChange = vi.fn();
    render(
      <Slider
        label="Strength"
        defaultValue={40}
        min={0}
        max={100}
        step={5}
        onValueChange={onValueChange}
        formatValue={(v) => `${v}%`}
      />,
    );
    const thumb = screen.getByRole('slider', { name: 'Strength' });
    expect(thumb.getAttribute('aria-valuenow')).toBe('40');
    expect(thumb.getAttribute('aria-valuemin')).toBe('0');
    expect(thumb.getAttribute('aria-valuemax')).toBe('100');
    expect(thumb.getAttribute('aria-valuetext')).toBe('40%');
    fireEvent.keyDown(thumb, { key: 'ArrowRight' });
    expect(onValueChange).toHaveBeenLastCalledWith(45);
    expect(thumb.getAttribute('aria-valuenow')).toBe('45');
    expect(screen.getByText('45%')).toBeTruthy();
    fireEvent.keyDown(thumb, { key: 'End' });
    expect(onValueChange).toHaveBeenLastCalledWith(100);
    fireEvent.keyDown(thumb, { key: 'Home' });
    expect(onValueChange).toHaveBeenLastCalledWith(0);
  });
});

describe('Switch', () => {
  it('is a switch named by its label; clicking it or the label toggles', () => {
    const onCheckedChange = vi.fn();
    render(<Switch label="Public" description="Anyone can see it" onCheckedChange={onCheckedChange} />);
    const control = screen.getByRole('switch', { name: 'Public' });
    expect(control.getAttribute('aria-checked')).toBe('false');
    const describedBy = control.getAttribute('aria-describedby');
    expect(describedBy && document.getElementById(describedBy)?.textContent).toBe('Anyone can see it');
    fireEvent.click(control);
    expect(onCheckedChange).toHaveBeenLastCalledWith(true);
    expect(control.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByText('Public'));
    expect(onCheckedChange).toHaveBeenLastCalledWith(false);
  });

  it('Enter does not toggle it (WAI-ARIA: Space only, which the browser turns into a click)', () => {
    const onCheckedChange = vi.fn();
    render(<Switch label="Public" onCheckedChange={onCheckedChange} />);
    fireEvent.keyDown(screen.getByRole('switch'), { key: 'Enter' });
    expect(onCheckedChange).not.toHaveBeenCalled();
  });
});
