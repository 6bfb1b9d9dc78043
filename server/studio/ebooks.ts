/**
 * The e-book reader's chapters (contract: infrastructure/contract/studio.ts). The square's e-books
 * are seed items with a chapter count; their text is written here, deterministically from the book
 * and the chapter (the same chapter always reads the same), in the book's own words: its title,
 * tags and description.
 */
import type { FastifyInstance } from 'fastify';
import {
  EBOOK_CHAPTER_PATH,
  EbookChapterRequest,
  type EbookChapter,
} from '../../infrastructure/contract/studio';
import type { ServerContext } from '../context';
import { ApiError, CODES, decodeBody, ok } from '../envelope';
import { hashString, prng } from '../engines/random';

const PLACES = [
  'the harbour',
  'the old library',
  'the glass tower',
  'the northern road',
  'the night market',
  'the orchard',
  'the lighthouse',
  'the frozen lake',
];
const PEOPLE = ['Mira', 'Tomas', 'the archivist', 'Aiko', 'the captain', 'Lena', 'the stranger', 'Oren'];
const VERBS = ['waited', 'listened', 'remembered', 'searched', 'hesitated', 'laughed', 'wandered', 'decided'];
const DETAILS = [
  'the lamps hummed like distant bees',
  'rain had left the stones silver',
  'a letter lay unopened on the table',
  'the wind carried the smell of salt and cedar',
  'every clock in the town had stopped at nine',
  'a song drifted from a window no one could find',
  'the map showed a street that did not exist',
  'snow fell upward for a single breath',
];
const TURNS = [
  'Nothing would be the same after that night.',
  'It was the first clue, though no one knew it yet.',
  'Somewhere a door closed, softly, as if in answer.',
  'And for a moment the whole city seemed to hold its breath.',
  'The answer, it turned out, had been there all along.',
];

export const chapterText = (bookId: string, title: string, topics: readonly string[], chapter: number) => {
  const rand = prng(hashString(`${bookId}\u0000${chapter}`));
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const topic = topics.length > 0 ? pick(topics) : 'story';
  const chapterTitle = `${pick(['The', 'A'])} ${pick(['Quiet', 'Long', 'Bright', 'Hidden', 'Last', 'Silver'])} ${pick(['Door', 'Letter', 'Road', 'Song', 'Tide', 'Map'])}`;
  const paragraphs = Array.from({ length: 7 + Math.floor(rand() * 5) }, () => {
    const sentences = Array.from({ length: 3 + Math.floor(rand() * 3) }, () => {
      const who = pick(PEOPLE);
      return `${who.charAt(0).toUpperCase()}${who.slice(1)} ${pick(VERBS)} near ${pick(PLACES)}, where ${pick(DETAILS)}.`;
    });
    if (rand() < 0.35) sentences.push(`It was, after all, a ${topic} of ${title.toLowerCase()}.`);
    if (rand() < 0.3) sentences.push(pick(TURNS));
    return sentences.join(' ');
  });
  return { chapterTitle, text: paragraphs.join('\n\n') };
};

export const ebookRoutes = (app: FastifyInstance, ctx: ServerContext): void => {
  app.post(EBOOK_CHAPTER_PATH, async (req) => {
    const body = decodeBody(EbookChapterRequest, req.body);
    const [row] = await ctx.db.query<{ id: string; title: string; extra: { chapters?: number } | string }>(
      `SELECT id, title, extra FROM content_items WHERE id = $1 AND kind = 'ebook'`,
      [body.id],
    );
    if (!row) throw new ApiError(CODES.notFound, 'no such e-book');
    const extra =
      typeof row.extra === 'string' ? (JSON.parse(row.extra) as { chapters?: number }) : row.extra;
    const chapters = Math.max(1, Number(extra.chapters ?? 1));
    if (body.chapter > chapters) throw new ApiError(CODES.notFound, 'no such chapter');
    const tags = await ctx.db.query<{ title: string }>(
      `SELECT t.name AS title FROM content_tags ct JOIN tags t ON t.id = ct.tag_id WHERE ct.item_id = $1 ORDER BY ct.position, t.name`,
      [body.id],
    );
    const { chapterTitle, text } = chapterText(
      row.id,
      row.title,
      tags.map((t) => t.title),
      body.chapter,
    );
    const chapter: EbookChapter = {
      id: row.id,
      title: row.title,
      chapter: body.chapter,
      chapters,
      chapter_title: chapterTitle,
      text,
    };
    return ok(chapter);
  });
};
