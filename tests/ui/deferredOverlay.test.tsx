// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ComponentType, ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferOverlay } from '../../src/ui/deferredOverlay';

afterEach(cleanup);

interface Props {
  readonly trigger: ReactElement;
  readonly open?: boolean;
  readonly defaultOpen?: boolean;
  readonly onOpenChange?: (open: boolean) => void;
}

/** Stands for the Radix overlay: its trigger, and its content when it starts open. */
const Real = ({ trigger, open, defaultOpen }: Props) => (
  <div>
    {trigger}
    {(open ?? defaultOpen) === true ? <div role="menu">items</div> : null}
  </div>
);

/** An overlay whose code arrives when the test says so. */
const pending = () => {
  let arrive: (c: ComponentType<Props>) => void = () => {};
  const load = vi.fn(() => new Promise<ComponentType<Props>>((r) => (arrive = r)));
  return { Overlay: deferOverlay<Props>('menu', load), load, arrive: (c: ComponentType<Props>) => arrive(c) };
};

describe('deferOverlay (issue 22: a closed overlay is not part of the first visit)', () => {
  it('draws the trigger at once, starts loading after the paint, and opens when a press came first', async () => {
    const { Overlay, load, arrive } = pending();
    render(<Overlay trigger={<button type="button">Actions</button>} />);
    const trigger = screen.getByRole('button', { name: 'Actions' });
    expect(trigger.getAttribute('aria-haspopup')).toBe('menu');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(load).toHaveBeenCalledTimes(1);
    fireEvent.click(trigger);
    expect(screen.queryByRole('menu')).toBeNull();
    await act(async () => arrive(Real));
    expect(screen.getByRole('menu')).toBeTruthy();
  });

  it('opens with the keys that open a menu (Enter, Space, ArrowDown), not with others', async () => {
    for (const key of ['Enter', ' ', 'ArrowDown', 'a']) {
      const { Overlay, arrive } = pending();
      render(<Overlay trigger={<button type="button">Go</button>} />);
      fireEvent.keyDown(screen.getByRole('button', { name: 'Go' }), { key });
      await act(async () => arrive(Real));
      expect(screen.queryByRole('menu') !== null, JSON.stringify(key)).toBe(key !== 'a');
      cleanup();
    }
  });

  it('a controlled overlay is asked to open through onOpenChange, the trigger’s own handler kept', async () => {
    const { Overlay, arrive } = pending();
    const onOpenChange = vi.fn();
    const onClick = vi.fn();
    render(
      <Overlay
        open={false}
        onOpenChange={onOpenChange}
        trigger={
          <button type="button" onClick={onClick}>
            Coins
          </button>
        }
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Coins' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(onOpenChange).toHaveBeenCalledWith(true);
    await act(async () => arrive(Real));
    // Controlled: the parent's `open` decides (still false here).
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('without a press it arrives closed, and the code is loaded once for every instance', async () => {
    const { Overlay, load, arrive } = pending();
    render(
      <>
        <Overlay trigger={<button type="button">One</button>} />
        <Overlay trigger={<button type="button">Two</button>} />
      </>,
    );
    await act(async () => arrive(Real));
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).toBeNull();
    expect(screen.getAllByRole('button')).toHaveLength(2);
  });
});
