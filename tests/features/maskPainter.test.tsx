// @vitest-environment happy-dom
/**
 * The magic eraser's mask can be painted without a pointer (issue 13: a keyboard alternative):
 * the layer takes the focus, the arrow keys move the brush, Space or Enter paints where it is and
 * Shift with an arrow paints along the way; the instructions are the layer's description.
 */
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MaskPainter } from '../../src/features/tasks/tools/MaskPainter';
import { renderView } from '../support/renderView';

afterEach(cleanup);

const layer = () => {
  const onPainted = vi.fn();
  renderView(<MaskPainter imageUrl="/blobs/disc.png" brush={40} onPainted={onPainted} />);
  const img = screen.getByRole('img', { name: 'The picture to erase from' });
  Object.defineProperty(img, 'naturalWidth', { value: 400 });
  Object.defineProperty(img, 'naturalHeight', { value: 300 });
  fireEvent.load(img);
  const canvas = screen.getByTestId('mask-canvas');
  return { canvas, painted: () => onPainted.mock.calls.map((c) => c[0] as boolean) };
};

describe('painting the eraser mask from the keyboard', () => {
  it('is focusable, described by its keys, and an arrow alone moves without painting', () => {
    const { canvas, painted } = layer();
    expect(canvas.tabIndex).toBe(0);
    expect(canvas.getAttribute('aria-label')).toBe('Painted mask over the picture');
    const description = document.getElementById(canvas.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toContain('Arrow keys move the brush');
    fireEvent.focus(canvas);
    fireEvent.keyDown(canvas, { key: 'ArrowRight' });
    fireEvent.keyDown(canvas, { key: 'ArrowDown' });
    expect(painted().filter(Boolean)).toEqual([]);
  });

  it('Space and Enter paint where the brush is; Shift with an arrow paints along the way', () => {
    for (const press of [{ key: ' ' }, { key: 'Enter' }, { key: 'ArrowLeft', shiftKey: true }]) {
      const { canvas, painted } = layer();
      fireEvent.focus(canvas);
      expect(fireEvent.keyDown(canvas, press)).toBe(false); // handled: the page does not scroll
      expect(painted().at(-1)).toBe(true);
      cleanup();
    }
  });
});
