// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button, IconButton } from '../../src/ui';

afterEach(cleanup);

describe('Button', () => {
  it('is a type="button" by default and fires onClick', () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button.getAttribute('type')).toBe('button');
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('loading disables it, sets aria-busy, shows a spinner and ignores clicks', () => {
    const onClick = vi.fn();
    render(
      <Button loading onClick={onClick}>
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.querySelector('[aria-hidden="true"]')).not.toBeNull();
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('asChild renders the child element (a link) with the button props', () => {
    render(
      <Button asChild variant="primary" className="extra">
        <a href="/create">Create</a>
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Create' });
    expect(link.getAttribute('href')).toBe('/create');
    expect(link.className).toContain('extra');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('asChild with loading keeps one element: the link gets the spinner, aria-busy, and swallows clicks', () => {
    const onClick = vi.fn();
    render(
      <Button asChild loading onClick={onClick} iconEnd={<span data-testid="end" />}>
        <a href="/next">Next</a>
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Next' });
    expect(link.getAttribute('aria-busy')).toBe('true');
    expect(link.getAttribute('aria-disabled')).toBe('true');
    expect(link.querySelector('[aria-hidden="true"]')).not.toBeNull();
    expect(link.contains(screen.getByTestId('end'))).toBe(true);
    fireEvent.click(link);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('forwards the ref to the DOM button', () => {
    let node: HTMLButtonElement | null = null;
    render(
      <Button
        ref={(el) => {
          node = el;
        }}
      >
        Go
      </Button>,
    );
    expect(node).toBeInstanceOf(HTMLButtonElement);
  });
});

describe('IconButton', () => {
  it('takes its accessible name from label and hides the icon', () => {
    render(
      <IconButton label="Close">
        <svg data-testid="icon" />
      </IconButton>,
    );
    const button = screen.getByRole('button', { name: 'Close' });
    expect(button.getAttribute('aria-label')).toBe('Close');
    expect(screen.getByTestId('icon').parentElement?.getAttribute('aria-hidden')).toBe('true');
  });
});
