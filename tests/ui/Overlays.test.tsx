// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button, Popover, Tooltip, TooltipProvider } from '../../src/ui';

afterEach(cleanup);

describe('Popover', () => {
  it('opens from its trigger as a named dialog, closes with its close button and Escape', () => {
    const onOpenChange = vi.fn();
    render(
      <Popover
        trigger={<Button>Filters</Button>}
        label="Filter options"
        closeLabel="Close"
        onOpenChange={onOpenChange}
      >
        <p>Only mine</p>
      </Popover>,
    );
    const trigger = screen.getByRole('button', { name: 'Filters' });
    fireEvent.click(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    const dialog = screen.getByRole('dialog', { name: 'Filter options' });
    expect(dialog.textContent).toContain('Only mine');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(trigger);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('Tooltip', () => {
  it('shows on keyboard focus as role=tooltip describing the trigger, hides on Escape', () => {
    render(
      <TooltipProvider delayDuration={0}>
        <Tooltip content="Copy the prompt">
          <Button>Copy</Button>
        </Tooltip>
      </TooltipProvider>,
    );
    const trigger = screen.getByRole('button', { name: 'Copy' });
    fireEvent.focus(trigger);
    const tip = screen.getByRole('tooltip');
    expect(tip.textContent).toBe('Copy the prompt');
    expect(trigger.getAttribute('aria-describedby')).toBe(tip.id);
    fireEvent.keyDown(trigger, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
