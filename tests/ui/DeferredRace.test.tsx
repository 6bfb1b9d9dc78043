// @vitest-environment happy-dom
/**
 * A press on a deferred popover whose chunk arrives between the press and its click (CI's billing
 * e2e failed so: the coin popover's chunk, fetched by the pointer's hover, replaced the drawn trigger
 * mid-press, the click landed on neither button, and the popover never opened). Its own file: the
 * chunk loads once per module, and here it must not be there yet.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, expect, it } from 'vitest';
import { Button, DeferredPopover } from '../../src/ui';

afterEach(cleanup);

it('a popover pressed while its chunk arrives opens, though the click lands on neither trigger', async () => {
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
  const dialog = await screen.findByRole('dialog', { name: 'Coins' });
  await act(async () => undefined);
  expect(drawn.isConnected).toBe(false);
  expect(dialog).toBeTruthy();
  expect(screen.getByText('Balance')).toBeTruthy();
});
