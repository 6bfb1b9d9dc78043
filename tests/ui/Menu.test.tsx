// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button, Menu, MenuItem, MenuLabel, MenuSeparator } from '../../src/ui';

afterEach(cleanup);

describe('Menu', () => {
  it('opens with Enter on the trigger and fires onSelect of the chosen item', () => {
    const rename = vi.fn();
    const remove = vi.fn();
    render(
      <Menu
        trigger={<Button>Actions</Button>}
        items={[
          { key: 'rename', label: 'Rename', onSelect: rename },
          { key: 'delete', label: 'Delete', onSelect: remove, danger: true },
          { key: 'help', label: 'Help', href: '/help' },
        ]}
      />,
    );
    const trigger = screen.getByRole('button', { name: 'Actions' });
    expect(trigger.getAttribute('aria-haspopup')).toBe('menu');
    fireEvent.keyDown(trigger, { key: 'Enter' });
    const menu = screen.getByRole('menu');
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    const items = screen.getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['Rename', 'Delete', 'Help']);
    expect(items[2]?.tagName).toBe('A');
    expect(items[2]?.getAttribute('href')).toBe('/help');
    expect(menu).toBeTruthy();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    expect(remove).toHaveBeenCalledTimes(1);
    expect(rename).not.toHaveBeenCalled();
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('opens with ArrowDown, moves focus to the first item, Enter selects it', () => {
    const first = vi.fn();
    render(
      <Menu trigger={<Button>More</Button>}>
        <MenuLabel>Group</MenuLabel>
        <MenuItem onSelect={first}>First</MenuItem>
        <MenuSeparator />
        <MenuItem>Second</MenuItem>
      </Menu>,
    );
    fireEvent.keyDown(screen.getByRole('button', { name: 'More' }), { key: 'ArrowDown' });
    expect(screen.getByRole('menu')).toBeTruthy();
    expect(screen.getByRole('separator')).toBeTruthy();
    const item = screen.getByRole('menuitem', { name: 'First' });
    expect(document.activeElement).toBe(item);
    fireEvent.keyDown(item, { key: 'Enter' });
    expect(first).toHaveBeenCalledTimes(1);
  });

  it('Escape closes the menu', () => {
    render(<Menu trigger={<Button>More</Button>} items={[{ key: 'a', label: 'A' }]} />);
    fireEvent.keyDown(screen.getByRole('button', { name: 'More' }), { key: 'Enter' });
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
