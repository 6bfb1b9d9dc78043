// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Avatar, Badge, ProgressBar, Skeleton, Spinner, initialsOf } from '../../src/ui';

afterEach(cleanup);

describe('ProgressBar', () => {
  it('exposes role=progressbar with its name and aria-valuenow, and the visible text', () => {
    render(<ProgressBar value={42} label="Upload" text="42 %" />);
    const bar = screen.getByRole('progressbar', { name: 'Upload' });
    expect(bar.getAttribute('aria-valuenow')).toBe('42');
    expect(bar.getAttribute('aria-valuemin')).toBe('0');
    expect(bar.getAttribute('aria-valuemax')).toBe('100');
    expect(bar.getAttribute('data-state')).toBe('loading');
    expect(screen.getByText('42 %')).toBeTruthy();
  });

  it('clamps out-of-range values and takes a valueText', () => {
    render(<ProgressBar value={140} label="Render" valueText="almost done" />);
    const bar = screen.getByRole('progressbar', { name: 'Render' });
    expect(bar.getAttribute('aria-valuenow')).toBe('100');
    expect(bar.getAttribute('aria-valuetext')).toBe('almost done');
    expect(bar.getAttribute('data-state')).toBe('complete');
  });

  it('is indeterminate with value=null (no aria-valuenow)', () => {
    render(<ProgressBar value={null} label="Queued" />);
    const bar = screen.getByRole('progressbar', { name: 'Queued' });
    expect(bar.hasAttribute('aria-valuenow')).toBe(false);
    expect(bar.getAttribute('data-state')).toBe('indeterminate');
  });
});

describe('Spinner', () => {
  it('with a label it is a status announcing the label', () => {
    render(<Spinner label="Loading" />);
    expect(screen.getByRole('status').textContent).toBe('Loading');
  });

  it('without a label it is decorative', () => {
    const { container } = render(<Spinner />);
    expect(screen.queryByRole('status')).toBeNull();
    expect(container.firstElementChild?.getAttribute('aria-hidden')).toBe('true');
  });
});

describe('Skeleton', () => {
  it('draws hidden placeholder lines (the last shorter) and announces its label', () => {
    const { container } = render(<Skeleton lines={3} width="200px" label="Loading tasks" />);
    const shapes = container.querySelectorAll('[aria-hidden="true"] > span');
    expect(shapes).toHaveLength(3);
    expect((shapes[0] as HTMLElement).style.inlineSize).toBe('200px');
    expect((shapes[2] as HTMLElement).style.inlineSize).toContain('0.6');
    expect(screen.getByRole('status').textContent).toBe('Loading tasks');
  });

  it('renders its children instead once loading is false, leaving no shimmer behind', () => {
    const { container, rerender } = render(
      <Skeleton loading>
        <p>Loaded</p>
      </Skeleton>,
    );
    expect(container.querySelector('[data-skeleton]')).not.toBeNull();
    expect(screen.queryByText('Loaded')).toBeNull();
    rerender(
      <Skeleton loading={false}>
        <p>Loaded</p>
      </Skeleton>,
    );
    expect(container.querySelector('[data-skeleton]')).toBeNull();
    expect(screen.getByText('Loaded')).toBeTruthy();
  });
});

describe('Avatar', () => {
  it('shows the initials when there is no src, named by the full name', () => {
    render(<Avatar name="Ada Lovelace" />);
    const avatar = screen.getByRole('img', { name: 'Ada Lovelace' });
    expect(avatar.textContent).toBe('AL');
  });

  it('paints the picture over the initials and drops a picture that fails to load', () => {
    const { container } = render(<Avatar name="Ada Lovelace" src="/avatars/ada.png" />);
    const picture = container.querySelector('img[src="/avatars/ada.png"]');
    expect(picture).not.toBeNull();
    expect(screen.getByRole('img', { name: 'Ada Lovelace' }).textContent).toBe('AL');
    fireEvent.error(picture as Element);
    expect(container.querySelector('img[src="/avatars/ada.png"]')).toBeNull();
    expect(screen.getByRole('img', { name: 'Ada Lovelace' }).textContent).toBe('AL');
  });

  it('draws the decoration frame as a decorative image', () => {
    const { container } = render(<Avatar name="Mio" frameUrl="/frames/gold.png" size="lg" />);
    const frame = container.querySelector('img[src="/frames/gold.png"]');
    expect(frame?.getAttribute('alt')).toBe('');
    expect(screen.getByRole('img', { name: 'Mio' }).textContent).toBe('M');
  });

  it('initialsOf handles extra spaces, CJK, emoji and empty names', () => {
    expect(initialsOf('  grace   brewster  hopper ')).toBe('GH');
    expect(initialsOf('山田 太郎')).toBe('山太');
    expect(initialsOf('😀 Smile')).toBe('😀S');
    expect(initialsOf('')).toBe('');
  });
});

describe('Badge', () => {
  it('renders its content and passes attributes through', () => {
    render(
      <Badge tone="success" title="state">
        Done
      </Badge>,
    );
    expect(screen.getByTitle('state').textContent).toBe('Done');
  });
});
