// @vitest-environment happy-dom
/**
 * A square card does what `feed.cardIntents` decides (spec §2 "Card behaviour per content type"):
 * its actions appear on keyboard focus, each leads where the shared addresses say, Download sends
 * the work's generation with it, "not interested" mutes it; statistics read in the §9 format.
 */
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { feed, social } from '../../domain/index.js';
import { FeedCard, PlayingProvider } from '../../src/features/feed/FeedCard';
import { CollectButton, LikeButton } from '../../src/features/social';
import { renderView } from '../support/renderView';

afterEach(cleanup);

const generation = { prompt: 'a harbour', seed: 7, aspectRatio: '3:4', width: 300, height: 400 };
const artwork: feed.FeedCard = {
  id: 'art-9',
  obj_type: 1,
  cardType: 'artwork',
  title: 'Quiet Harbour',
  cover: { url: '/blobs/community/covers/art-9.png', width: 300, height: 400 },
  authorId: 'author-01',
  author: { name: 'Mira Sol', avatar: '/blobs/community/avatars/author-01.png' },
  counts: {},
  generation,
};
const received = (card: feed.FeedCard, likes: number, collections: number) =>
  social.itemsReceived({
    items: [
      {
        id: card.id,
        obj_type: card.obj_type,
        liked: false,
        collect: null,
        stat: { num_of_like: likes, num_of_collection: collections },
        author: { id: card.authorId, is_follow: false },
      },
    ],
  });

describe('a square card', () => {
  it('opens its detail, shows its author, and its actions appear on focus with the shared addresses', () => {
    renderView(<FeedCard card={artwork} />, { events: [received(artwork, 1999, 1_250_000)] });
    const card = screen.getByTestId('feed-card');
    expect(screen.getByTestId('card-link').getAttribute('href')).toBe('/artwork/art-9');
    // Spec §9 exposure data: the card reports its own object type (an artwork is 1, a model 2 ...).
    expect(card.getAttribute('data-expose-type')).toBe(String(artwork.obj_type));
    expect(within(screen.getByTestId('card-author')).getByText('Mira Sol')).toBeTruthy();
    expect(screen.getByTestId('like-button-count').textContent).toBe('1.9K');
    expect(screen.getByTestId('stat-collection').textContent).toContain('1.2M');
    expect(screen.queryByTestId('card-actions')).toBeNull();
    fireEvent.focus(screen.getByTestId('card-link'));
    const actions = within(card).getByTestId('card-actions');
    expect(within(actions).getByText('Remix').closest('a')?.getAttribute('href')).toBe('/create?remix=art-9');
    expect(within(actions).getByText('To video').closest('a')?.getAttribute('href')).toBe(
      '/ai-tools/ai-video-generator?image=%2Fblobs%2Fcommunity%2Fcovers%2Fart-9.png',
    );
  });

  it('names its like and collect buttons by what they do and the count they show (WCAG 2.5.3, label in name)', () => {
    renderView(
      <>
        <LikeButton itemKey={social.contentKey(artwork)} />
        <CollectButton itemKey={social.contentKey(artwork)} cardType="artwork" />
      </>,
      { events: [received(artwork, 1999, 1_250_000)] },
    );
    // No aria-label hides what a button shows: its visible count is a word of its accessible name.
    const collect = screen.getByTestId('collect-button');
    expect(collect.getAttribute('aria-label')).toBeNull();
    expect(screen.getByRole('button', { name: 'Collect into Default 1.2M' })).toBe(collect);
    expect(collect.getAttribute('aria-pressed')).toBe('false');
    const like = screen.getByTestId('like-button');
    expect(like.getAttribute('aria-label')).toBeNull();
    expect(like.textContent).toContain('1.9K');
  });

  it('Download sends the cover with its generation; not interested mutes the card', () => {
    const { dispatched } = renderView(<FeedCard card={artwork} />, { events: [received(artwork, 0, 0)] });
    fireEvent.focus(screen.getByTestId('card-link'));
    fireEvent.click(screen.getByText('Download'));
    expect(dispatched.find((a) => a.type === 'downloads/image')?.payload).toEqual({
      url: '/blobs/community/covers/art-9.png',
      scene: 'square_card',
      generation,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Not interested' }));
    expect(dispatched.find((a) => a.type === 'social/mute')?.payload).toEqual({
      id: 'art-9',
      reason: 'notInterested',
    });
  });

  it('a model remixes on Create with the model; a character chats in its room; a video plays in place', () => {
    const model: feed.FeedCard = {
      ...artwork,
      id: 'mdl-1',
      obj_type: 2,
      cardType: 'model',
      counts: { task: 4200 },
    };
    renderView(<FeedCard card={model} />, { events: [received(model, 0, 0)] });
    expect(screen.getByTestId('feed-card').getAttribute('data-expose-type')).toBe('2');
    fireEvent.focus(screen.getByTestId('card-link'));
    expect(screen.getByText('Remix').closest('a')?.getAttribute('href')).toBe('/create?model=mdl-1');
    expect(screen.getByTestId('stat-task').textContent).toContain('4.2K');
    cleanup();
    const character: feed.FeedCard = { ...artwork, id: 'chr-1', obj_type: 9, cardType: 'character' };
    renderView(<FeedCard card={character} />, { events: [received(character, 0, 0)] });
    fireEvent.focus(screen.getByTestId('card-link'));
    expect(screen.getByText('Chat').closest('a')?.getAttribute('href')).toBe('/chat/chr-1');
    cleanup();
    const video: feed.FeedCard = {
      ...artwork,
      id: 'vid-1',
      obj_type: 15,
      cardType: 'aiVideo',
      media: { kind: 'animation', url: '/blobs/community/media/vid-1.gif' },
    };
    renderView(
      <PlayingProvider>
        <FeedCard card={video} />
      </PlayingProvider>,
      { events: [received(video, 0, 0)] },
    );
    fireEvent.focus(screen.getByTestId('card-link'));
    expect(screen.queryByTestId('card-media')).toBeNull();
    fireEvent.click(screen.getByText('Play'));
    expect(screen.getByTestId('card-media').getAttribute('src')).toBe('/blobs/community/media/vid-1.gif');
    fireEvent.click(screen.getByText('Stop'));
    expect(screen.queryByTestId('card-media')).toBeNull();
  });
});
