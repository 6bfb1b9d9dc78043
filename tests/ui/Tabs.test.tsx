// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DirectionProvider, Tabs, TabsNav, TabsPanel } from '../../src/ui';

afterEach(cleanup);

const items = [
  { value: 'images', label: 'Images' },
  { value: 'videos', label: 'Videos' },
  { value: 'audio', label: 'Audio' },
];

function Controlled({ onValueChange }: { onValueChange: (v: string) => void }) {
  const [value, setValue] = useState('images');
  return (
    <Tabs
      items={items}
      value={value}
      label="Media"
      onValueChange={(v) => {
        onValueChange(v);
        setValue(v);
      }}
    >
      <TabsPanel value="images">Image list</TabsPanel>
      <TabsPanel value="videos">Video list</TabsPanel>
      <TabsPanel value="audio">Audio list</TabsPanel>
    </Tabs>
  );
}

describe('Tabs', () => {
  it('renders a named tablist and the selected panel', () => {
    render(<Controlled onValueChange={() => {}} />);
    expect(screen.getByRole('tablist', { name: 'Media' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Images' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('Image list');
  });

  // Radix's roving focus moves focus in a setTimeout, hence waitFor.
  it('ArrowRight moves to the next tab and calls onValueChange; wraps at the end', async () => {
    const onValueChange = vi.fn();
    render(<Controlled onValueChange={onValueChange} />);
    const images = screen.getByRole('tab', { name: 'Images' });
    images.focus();
    fireEvent.keyDown(images, { key: 'ArrowRight' });
    await waitFor(() => expect(onValueChange).toHaveBeenLastCalledWith('videos'));
    const videos = screen.getByRole('tab', { name: 'Videos' });
    expect(document.activeElement).toBe(videos);
    expect(videos.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('Video list');
    fireEvent.keyDown(videos, { key: 'ArrowRight' });
    await waitFor(() => expect(onValueChange).toHaveBeenLastCalledWith('audio'));
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Audio' }), { key: 'ArrowRight' });
    await waitFor(() => expect(onValueChange).toHaveBeenLastCalledWith('images'));
  });

  it('mirrors the arrows under DirectionProvider dir="rtl" (ArrowLeft goes forward)', async () => {
    const onValueChange = vi.fn();
    render(
      <DirectionProvider dir="rtl">
        <Tabs items={items} defaultValue="images" onValueChange={onValueChange} label="Media" />
      </DirectionProvider>,
    );
    const images = screen.getByRole('tab', { name: 'Images' });
    images.focus();
    fireEvent.keyDown(images, { key: 'ArrowLeft' });
    await waitFor(() => expect(onValueChange).toHaveBeenLastCalledWith('videos'));
  });
});

describe('TabsNav', () => {
  const links = [
    { href: '/me/works', label: 'Works' },
    { href: '/me/likes', label: 'Likes' },
  ];

  it('renders a named nav of links, the current one with aria-current="page"', () => {
    render(<TabsNav items={links} current="/me/likes" label="Profile sections" />);
    expect(screen.getByRole('navigation', { name: 'Profile sections' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Likes' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Works' }).hasAttribute('aria-current')).toBe(false);
  });

  it('renderLink lets a router draw the links', () => {
    render(
      <TabsNav
        items={links}
        current="/me/works"
        label="Profile sections"
        renderLink={({ href, ...rest }) => <a data-router="" href={`#${href}`} {...rest} />}
      />,
    );
    const works = screen.getByRole('link', { name: 'Works' });
    expect(works.getAttribute('href')).toBe('#/me/works');
    expect(works.hasAttribute('data-router')).toBe(true);
    expect(works.getAttribute('aria-current')).toBe('page');
  });
});
