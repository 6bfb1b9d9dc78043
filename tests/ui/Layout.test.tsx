// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Card, Cluster, ScrollArea, Stack, VisuallyHidden } from '../../src/ui';

afterEach(cleanup);

describe('Stack and Cluster', () => {
  it('use the spacing tokens for the gap and map alignment', () => {
    render(
      <>
        <Stack gap={4} align="center" data-testid="stack" as="section">
          <span>a</span>
        </Stack>
        <Cluster gap={2} justify="between" data-testid="cluster" className="mine">
          <span>b</span>
        </Cluster>
      </>,
    );
    const stack = screen.getByTestId('stack');
    expect(stack.tagName).toBe('SECTION');
    expect(stack.style.gap).toBe('var(--space-4)');
    expect(stack.style.alignItems).toBe('center');
    const cluster = screen.getByTestId('cluster');
    expect(cluster.style.gap).toBe('var(--space-2)');
    expect(cluster.style.justifyContent).toBe('space-between');
    expect(cluster.className).toContain('mine');
  });
});

describe('Card', () => {
  it('is a div by default and becomes its child with asChild (an interactive link card)', () => {
    const onClick = vi.fn();
    render(
      <>
        <Card data-testid="plain">Body</Card>
        <Card asChild interactive onClick={onClick}>
          <a href="/work/1">Open work</a>
        </Card>
      </>,
    );
    expect(screen.getByTestId('plain').tagName).toBe('DIV');
    const link = screen.getByRole('link', { name: 'Open work' });
    fireEvent.click(link);
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});

describe('ScrollArea', () => {
  it('with a label its viewport is a focusable named region holding the content', () => {
    render(
      <ScrollArea label="History" maxHeight="200px">
        <p>Item</p>
      </ScrollArea>,
    );
    const region = screen.getByRole('region', { name: 'History' });
    expect(region.getAttribute('tabindex')).toBe('0');
    expect(region.textContent).toContain('Item');
  });
});

describe('VisuallyHidden', () => {
  it('keeps text in the accessibility tree', () => {
    render(
      <button type="button">
        <span aria-hidden="true">★</span>
        <VisuallyHidden>Favourite</VisuallyHidden>
      </button>,
    );
    expect(screen.getByRole('button', { name: 'Favourite' })).toBeTruthy();
  });
});
