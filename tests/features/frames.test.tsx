// @vitest-environment happy-dom
/**
 * The decorations others see, on screen (spec §2 "the worn avatar box drawn around the avatar
 * everywhere it shows"; a production box worn on a work drawn around its cover): a square card,
 * a person's work tile and people row, a detail's author row and tiles, the search's people.
 * A frame is a decorative picture (no name for assistive technology); none is drawn when none is worn.
 */
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { details, feed, people, search } from '../../domain/index.js';
import { AuthorRow, WorkTile as DetailTile } from '../../src/features/details/parts';
import { FeedCard } from '../../src/features/feed/FeedCard';
import { UserCards } from '../../src/features/search/parts';
import { PersonRow, WorkTile } from '../../src/features/social/parts';
import { renderView } from '../support/renderView';

afterEach(cleanup);

const AVATAR_BOX = '/blobs/ornaments/orn-aurora-ring.png';
const PRODUCTION_BOX = '/blobs/ornaments/orn-neon-grid.png';

const card: feed.FeedCard = {
  id: 'art-9',
  obj_type: 1,
  cardType: 'artwork',
  title: 'Quiet Harbour',
  cover: { url: '/blobs/community/covers/art-9.png', width: 300, height: 400 },
  authorId: 'author-01',
  author: { name: 'Mira Sol', avatar: '/a.png', avatarFrame: AVATAR_BOX },
  productionFrame: PRODUCTION_BOX,
};
const plain: feed.FeedCard = {
  ...card,
  author: { name: 'Mira Sol', avatar: '/a.png', avatarFrame: null },
  productionFrame: null,
};

const coverFrames = (root: HTMLElement) => Array.from(root.querySelectorAll('[data-frame="cover"]'));
const framesOf = (root: HTMLElement, url: string) =>
  Array.from(root.querySelectorAll('img')).filter((i) => i.getAttribute('src') === url);

describe('frames on screen', () => {
  it('a square card: the production box over its cover (nine-sliced, decorative, letting clicks through) and the avatar box on its author', () => {
    renderView(<FeedCard card={card} />);
    const root = screen.getByTestId('feed-card');
    const [frame] = coverFrames(root);
    expect(frame?.getAttribute('data-src')).toBe(PRODUCTION_BOX);
    expect(frame?.getAttribute('aria-hidden')).toBe('true');
    // Drawn as a border image of the frame's picture, not as a stretched picture.
    expect(frame?.querySelector('img')).toBeNull();
    expect((frame?.firstElementChild as HTMLElement | null)?.style.getPropertyValue('--cover-frame')).toBe(
      `url("${PRODUCTION_BOX}")`,
    );
    // Over the cover, inside its sized box, not inside the link (the link's name stays the title).
    expect(frame?.closest('a')).toBeNull();
    expect(framesOf(screen.getByTestId('card-author'), AVATAR_BOX)).toHaveLength(1);
  });

  it('a square card wearing nothing draws no frame', () => {
    renderView(<FeedCard card={plain} />);
    const root = screen.getByTestId('feed-card');
    expect(coverFrames(root)).toHaveLength(0);
    expect(framesOf(root, AVATAR_BOX)).toHaveLength(0);
  });

  it('a person’s work tile and a people row', () => {
    renderView(
      <ul>
        <WorkTile card={card} />
        <WorkTile card={plain} />
      </ul>,
    );
    const [framed, bare] = screen.getAllByTestId('work-tile');
    expect(coverFrames(framed!).map((i) => i.getAttribute('data-src'))).toEqual([PRODUCTION_BOX]);
    expect(coverFrames(bare!)).toHaveLength(0);
    cleanup();
    const person: people.PersonCard = {
      id: 'a1',
      name: 'Mira',
      avatar: '/a.png',
      avatarFrame: AVATAR_BOX,
      followers: 1,
      works: 2,
    };
    renderView(
      <ul>
        <PersonRow person={person} />
      </ul>,
    );
    expect(framesOf(screen.getByTestId('person-row'), AVATAR_BOX)).toHaveLength(1);
  });

  it('a detail’s author row and its work tiles; the search’s people', () => {
    const item = {
      id: 'art-9',
      author: { id: 'a1', name: 'Mira', avatar: '/a.png', avatarFrame: AVATAR_BOX },
      publishedAt: 0,
    } as unknown as details.DetailItem;
    renderView(<AuthorRow item={item} />);
    expect(framesOf(screen.getByTestId('detail-author'), AVATAR_BOX)).toHaveLength(1);
    cleanup();
    const work: details.WorkCard = {
      id: 'art-9',
      objType: 1,
      cardType: 'artwork',
      title: 'Quiet Harbour',
      cover: card.cover,
      authorId: 'a1',
      authorName: 'Mira',
      likes: 0,
      productionFrame: PRODUCTION_BOX,
    };
    renderView(<DetailTile work={work} />);
    expect(coverFrames(screen.getByTestId('work-tile')).map((i) => i.getAttribute('data-src'))).toEqual([
      PRODUCTION_BOX,
    ]);
    cleanup();
    const users: search.UserCard[] = [
      { id: 'a1', name: 'Mira', avatar: '/a.png', avatarFrame: AVATAR_BOX, followers: 1, works: 1 },
      { id: 'a2', name: 'Lio', avatar: '/b.png', avatarFrame: null, followers: 1, works: 1 },
    ];
    renderView(<UserCards users={users} />);
    const [mira, lio] = screen.getAllByTestId('user-result');
    expect(framesOf(mira!, AVATAR_BOX)).toHaveLength(1);
    expect(lio!.querySelectorAll('img[src*="/ornaments/"]')).toHaveLength(0);
  });
});
