/**
 * The post sanitiser (spec §5 rich text) on 50 000-character posts, the most the API accepts:
 * an ordinary post is the base, hostile ones (deep nesting, misnested formatting, endless
 * attributes, bare `<`) are reported as ratios of it. A ratio far above the others is a
 * denial-of-service risk for `POST /api/v1/post`.
 */
import { sanitizeHtml } from '../server/moderation/sanitize.js';
import { time } from './time.js';

const SIZE = 50_000;
const fill = (unit: string): string => unit.repeat(Math.floor(SIZE / unit.length));

const cases: [string, string][] = [
  [
    'ordinary post (paragraphs, emphasis, links)',
    fill('<p>Some <b>bold</b> text and <a href="https://example.com/x">a link</a>.</p>\n'),
  ],
  ['16 000 unclosed <b> (text fallback)', fill('<b>')],
  ['500 unclosed <b> (under the fallback bound)', `${'<b>'.repeat(500)}${fill('x').slice(1500)}`],
  ['misnested <b><i></b></i>', fill('<b><i></b></i>')],
  ['<li> without a list', fill('<li>')],
  ['unterminated attributes <a b="', fill('<a b="')],
  ['bare <', fill('<')],
  ['script openers', fill('<script>')],
];

export const benchSanitizer = (): void => {
  const results = cases.map(([name, input]) => ({ name, ms: time(() => void sanitizeHtml(input), 3) }));
  const base = results[0]?.ms ?? 1;
  console.log(`sanitizer on ${SIZE.toLocaleString('en')}-character posts, median of 3 runs\n`);
  for (const r of results)
    console.log(
      `${r.name.padEnd(46)} ${r.ms.toFixed(1).padStart(8)} ms  ${(r.ms / base).toFixed(2).padStart(6)}x`,
    );
};
