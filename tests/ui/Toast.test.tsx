// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toast, ToastProvider, ToastViewport, type ToastProps } from '../../src/ui';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Harness(props: Partial<ToastProps> & { onOpenChange?: (open: boolean) => void }) {
  const [open, setOpen] = useState(true);
  return (
    <ToastProvider label="Notification">
      <Toast
        title="Saved"
        description="Your work is in the gallery"
        closeLabel="Dismiss"
        {...props}
        open={open}
        onOpenChange={(next) => {
          props.onOpenChange?.(next);
          setOpen(next);
        }}
      />
      <ToastViewport label="Notifications ({hotkey})" />
    </ToastProvider>
  );
}

describe('Toast', () => {
  it('renders title and description in a named notifications region', () => {
    render(<Harness tone="success" />);
    expect(screen.getByRole('region', { name: /Notifications/ })).toBeTruthy();
    expect(screen.getAllByText('Saved').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Your work is in the gallery').length).toBeGreaterThan(0);
  });

  it('is dismissed by its close button', () => {
    const onOpenChange = vi.fn();
    render(<Harness onOpenChange={onOpenChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.queryByRole('button', { name: 'Dismiss' })).toBeNull();
  });

  it('runs its action', () => {
    const onClick = vi.fn();
    render(<Harness tone="error" action={{ label: 'Retry', altText: 'Retry from the queue', onClick }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('closes itself after the default 5000 ms', () => {
    vi.useFakeTimers();
    const onOpenChange = vi.fn();
    render(<Harness tone="error" onOpenChange={onOpenChange} />);
    act(() => {
      vi.advanceTimersByTime(4900);
    });
    expect(onOpenChange).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
