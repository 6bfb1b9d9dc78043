// @vitest-environment happy-dom
/**
 * A press on a deferred popover whose chunk arrives between the press and its click (CI's billing
 * e2e failed so: the coin popover's chunk, fetched by the pointer's hover, replaced the drawn trigger
 * mid-press, the click landed on neither button, and the popover never opened). The chunk is the
 * test's own loader, resolved between the press and the click: the shell's loader is module-wide, and
 * a worker that ran another file first (vitest keeps modules between files) had it loaded already, so
 * the press met the real popover and no click came (a failure that depended on the files' order).
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState, type ComponentType } from 'react';
import { afterEach, expect, it } from 'vitest';
import { Button } from '../../src/ui';
import { deferredLoader, deferredPopoverOver } from '../../src/ui/Deferred';
import { Popover, type PopoverProps } from '../../src/ui/Popover';

afterEach(cleanup);

it('a popover pressed while its chunk arrives opens, though the click lands on neither trigger', async () => {
  let arrive: (c: ComponentType<PopoverProps>) => void = () => undefined;
  const chunk = new Promise<ComponentType<PopoverProps>>((resolve) => (arrive = resolve));
  const DeferredPopover = deferredPopoverOver(deferredLoader(() => chunk));
  const Owner = () => {
    const [open, setOpen] = useState(false);
    return (
      <DeferredPopover open={open} onOpenChange={setOpen} label="Coins" trigger={<Button>12 coins</Button>}>
        <p>Balance</p>
      </DeferredPopover>
    );
  };
  render(<Owner />);
  const drawn = screen.getByRole('button', { name: '12 coins' });
  // The pointer comes over the button (the chunk starts loading), then presses it ...
  fireEvent.pointerEnter(drawn);
  fireEvent.pointerDown(drawn, { button: 0 });
  // ... and the chunk arrives before the click: the real trigger replaces the drawn one.
  expect(drawn.isConnected).toBe(true);
  await act(async () => arrive(Popover as unknown as ComponentType<PopoverProps>));
  const dialog = await screen.findByRole('dialog', { name: 'Coins' });
  await act(async () => undefined);
  expect(drawn.isConnected).toBe(false);
  expect(dialog).toBeTruthy();
  expect(screen.getByText('Balance')).toBeTruthy();
});
