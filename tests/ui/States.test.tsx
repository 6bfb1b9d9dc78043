// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button, EmptyState, ErrorState } from '../../src/ui';

afterEach(cleanup);

describe('EmptyState', () => {
  it('shows a heading, body and a working action', () => {
    const onAction = vi.fn();
    render(
      <EmptyState
        icon={<span>☆</span>}
        title="No works yet"
        body="Your creations appear here."
        action={<Button onClick={onAction}>Create</Button>}
      />,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'No works yet' })).toBeTruthy();
    expect(screen.getByText('Your creations appear here.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(onAction).toHaveBeenCalledTimes(1);
  });
});

describe('ErrorState', () => {
  it('calls onRetry from its retry button', () => {
    const onRetry = vi.fn();
    render(
      <ErrorState
        title="Could not load"
        body="Check your connection."
        retryLabel="Retry"
        onRetry={onRetry}
        level={3}
      />,
    );
    expect(screen.getByRole('heading', { level: 3, name: 'Could not load' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('a running retry is busy and cannot be clicked again', () => {
    const onRetry = vi.fn();
    render(<ErrorState title="Could not load" retryLabel="Retry" onRetry={onRetry} retrying />);
    const button = screen.getByRole('button', { name: 'Retry' });
    expect(button.getAttribute('aria-busy')).toBe('true');
    fireEvent.click(button);
    expect(onRetry).not.toHaveBeenCalled();
  });

  it('draws no button without a retry label', () => {
    render(<ErrorState title="Gone" onRetry={() => {}} />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
