/**
 * Issue 21 item 9: the coin history named a task "Task “” (zOn051uujDSZZxYB)". A ledger line names
 * its task by its kind and the start of its prompt, with a placeholder (null here, translated by the
 * view) when there is no prompt, and never by its id.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as billing from '../../../domain/billing/index.js';
import * as format from '../../../domain/format/index.js';

const count = (s: string) =>
  Array.from(new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(s)).length;

const task = (over: Partial<NonNullable<billing.LedgerEntry['task']>> = {}) => ({
  id: 'zOn051uujDSZZxYB',
  domainType: 0,
  prompt: 'a lighthouse over a violet sea at dusk',
  status: 3,
  ...over,
});

describe('shortenText: a person’s text on one line, bounded, cut between characters', () => {
  it('keeps a short text, joins its lines and trims it', () => {
    expect(format.shortenText('  a quiet\n\n harbour\t', 40)).toBe('a quiet harbour');
  });
  it('cuts a long text to max characters with the ellipsis', () => {
    const out = format.shortenText('a very long prompt about a lighthouse over a violet sea at dusk', 20);
    expect(out).toBe('a very long prompt…');
    expect(count(out!)).toBeLessThanOrEqual(20);
  });
  it('never cuts an emoji or an accented letter in half', () => {
    const family = '👨‍👩‍👧‍👦';
    const text = `${family.repeat(5)} e\u0301te\u0301`;
    const out = format.shortenText(text, 4)!;
    expect(out).toBe(`${family.repeat(3)}…`);
    expect(format.shortenText('e\u0301'.repeat(6), 3)).toBe('e\u0301e\u0301…');
  });
  it('gives null for an empty or blank text', () => {
    expect(format.shortenText('', 40)).toBeNull();
    expect(format.shortenText(' \n\t\u00a0 ', 40)).toBeNull();
  });
  it('property: the result is bounded, null only for blank text, and starts the text', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 120 }),
        fc.integer({ min: 1, max: 60 }),
        (text, max) => {
          const out = format.shortenText(text, max);
          const line = text.replace(/\s+/gu, ' ').trim();
          if (line === '') expect(out).toBeNull();
          else {
            expect(out).not.toBeNull();
            expect(count(out!)).toBeLessThanOrEqual(max);
            if (out !== line) {
              expect(out!.endsWith('…')).toBe(true);
              expect(line.startsWith(out!.slice(0, -1))).toBe(true);
            }
          }
        },
      ),
    );
  });
});

describe('ledgerTaskName: a task by its kind and prompt, never its id', () => {
  it('a text-to-image task reads as its kind and its prompt', () => {
    expect(billing.ledgerTaskName(task())).toEqual({
      kindKey: 'tasks.domainType.textToImage',
      prompt: 'a lighthouse over a violet sea at dusk',
    });
  });
  it('a tool task without a prompt gets the placeholder (null), not an empty quote and the id', () => {
    expect(billing.ledgerTaskName(task({ domainType: 7, prompt: '' }))).toEqual({
      kindKey: 'tasks.domainType.removeBackground',
      prompt: null,
    });
    expect(billing.ledgerTaskName(task({ prompt: '   ' })).prompt).toBeNull();
  });
  it('a training (sent with a negative kind) is a LoRA training named by its name', () => {
    expect(billing.ledgerTaskName(task({ domainType: -1, prompt: 'My cat' }))).toEqual({
      kindKey: 'tasks.domainType.loraTraining',
      prompt: 'My cat',
    });
  });
  it('a kind this client does not know reads as another tool', () => {
    expect(billing.ledgerTaskName(task({ domainType: 99 })).kindKey).toBe('tasks.domainType.unknown');
  });
  it('a long prompt is shortened to LEDGER_PROMPT_MAX with an ellipsis', () => {
    const prompt = 'a lighthouse over a violet sea at dusk, storm clouds, gulls, oil painting';
    const name = billing.ledgerTaskName(task({ prompt }));
    expect(name.prompt).toBe('a lighthouse over a violet sea at dusk,…');
    expect(count(name.prompt!)).toBe(billing.LEDGER_PROMPT_MAX);
  });
  it('property: never the raw id, bounded, the placeholder exactly when the prompt is blank', () => {
    const id = fc.stringMatching(/^[A-Za-z0-9]{12,20}$/);
    fc.assert(
      fc.property(
        id,
        fc.oneof(fc.string({ unit: 'grapheme', maxLength: 200 }), fc.constantFrom('', ' ', '\n\t ')),
        fc.integer({ min: -3, max: 40 }),
        (taskId, prompt, domainType) => {
          fc.pre(!prompt.includes(taskId));
          const name = billing.ledgerTaskName(task({ id: taskId, prompt, domainType }));
          expect(name.kindKey).toMatch(/^tasks\.domainType\.[a-zA-Z]+$/);
          expect(name.kindKey).not.toContain(taskId);
          if (prompt.trim() === '') expect(name.prompt).toBeNull();
          else {
            expect(name.prompt).not.toBeNull();
            expect(name.prompt).not.toContain(taskId);
            expect(count(name.prompt!)).toBeLessThanOrEqual(billing.LEDGER_PROMPT_MAX);
          }
        },
      ),
    );
  });
});

describe('ledgerPackCoins: a recharge line names its pack by its coins, never the order id', () => {
  const pack = (goodsId: string, calculateCoins: number, giveCalculateCoins: number) =>
    ({ goodsId, calculateCoins, giveCalculateCoins }) as billing.RechargePackage;
  const catalogue = [pack('calculate500', 500, 0), pack('calculate1200', 1200, 100)];
  it('the coins of the pack bought, its bonus included', () => {
    expect(billing.ledgerPackCoins('calculate1200', catalogue)).toBe(1300);
    expect(billing.ledgerPackCoins('calculate500', catalogue)).toBe(500);
  });
  it('nothing for a line without goods or goods the catalogue does not list', () => {
    expect(billing.ledgerPackCoins(null, catalogue)).toBeNull();
    expect(billing.ledgerPackCoins('calculate9999', catalogue)).toBeNull();
    expect(billing.ledgerPackCoins('calculate500', [])).toBeNull();
  });
});
