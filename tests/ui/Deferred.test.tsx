// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button, DeferredDialog, DeferredMenu, DeferredPopover } from '../../src/ui';

afterEach(cleanup);

// Each part's chunk loads once per test file: the first test of each presses before it is there.
describe('Deferred parts', () => {
  it('a menu pressed before its chunk is there opens once it is, and its item is chosen', async () => {
    const rename = vi.fn();
    render(
      <DeferredMenu
        trigger={<Button>Actions</Button>}
        items={[{ key: 'rename', label: 'Rename', onSelect: rename }]}
      />,
    );
    const drawn = screen.getByRole('button', { name: 'Actions' });
    expect(drawn.getAttribute('aria-haspopup')).toBe('menu');
    expect(drawn.getAttribute('aria-expanded')).toBe('false');
    fireEvent.keyDown(drawn, { key: 'Enter' });
    expect(await screen.findByRole('menu')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Actions', hidden: true }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    fireEvent.click(screen.getByRole('menuitem', { name: 'Rename' }));
    expect(rename).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('once loaded, a menu is the real one from its first render', () => {
    render(<DeferredMenu trigger={<Button>More</Button>} items={[{ key: 'a', label: 'A' }]} />);
    fireEvent.keyDown(screen.getByRole('button', { name: 'More' }), { key: 'Enter' });
    expect(screen.getByRole('menu')).toBeTruthy();
  });

  it("a controlled popover clicked before its chunk is there opens through its owner's state", async () => {
    const Owner = () => {
      const [open, setOpen] = useState(false);
      return (
        <DeferredPopover open={open} onOpenChange={setOpen} label="Coins" trigger={<Button>12 coins</Button>}>
          <p>Balance</p>
        </DeferredPopover>
      );
    };
    render(<Owner />);
    fireEvent.click(screen.getByRole('button', { name: '12 coins' }));
    expect(await screen.findByRole('dialog', { name: 'Coins' })).toBeTruthy();
    expect(screen.getByText('Balance')).toBeTruthy();
  });

  it('a dialog without a trigger draws nothing until it is first open', async () => {
    const { rerender } = render(<DeferredDialog open={false} title="Sign in" />);
    expect(screen.queryByRole('dialog')).toBeNull();
    rerender(<DeferredDialog open title="Sign in" />);
    expect(await screen.findByRole('dialog', { name: 'Sign in' })).toBeTruthy();
  });
});
