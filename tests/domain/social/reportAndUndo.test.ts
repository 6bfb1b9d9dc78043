/**
 * Issue 21 item 8 in the domain: a report names a reason from a short fixed list; a 'not
 * interested' can be undone while its window is open (never a report, never after the window).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stamp, type UnstampedEvent } from '../../../domain/index.js';
import * as decorations from '../../../domain/decorations/index.js';
import * as editor from '../../../domain/editor/index.js';
import * as social from '../../../domain/social/index.js';
import { T0 } from '../../support/spec.js';

const ctx = social.socialContext;
const stampAll = (events: readonly UnstampedEvent[]): social.SocialEvent[] =>
  events.map((e, i) => stamp(e, i + 1, T0 + i * 1000) as social.SocialEvent);
const fold = (events: readonly UnstampedEvent[], from: social.SocialState = ctx.initialState) =>
  stampAll(events).reduce(ctx.evolve, from);

describe('report reasons (spec §7 "Report artwork", issue 21 item 8)', () => {
  it('is a short fixed list; anything else is not a reason', () => {
    expect(social.REPORT_REASONS).toEqual(['spam', 'sexual', 'violence', 'hateful', 'copyright', 'other']);
    for (const r of social.REPORT_REASONS) expect(social.isReportReason(r)).toBe(true);
    for (const x of ['', 'SPAM', 'spam ', 'nudity', 42, null, undefined, {}])
      expect(social.isReportReason(x)).toBe(false);
  });
});

describe("'not interested' undo (issue 21 item 8: undo for a few seconds)", () => {
  it('an undo within the window shows the card again; the window is 5 s', () => {
    expect(social.MUTE_UNDO_MS).toBe(5000);
    const muted = fold([social.muted({ id: 'c1', reason: 'notInterested' })]);
    expect(social.selectIsMuted(muted, 'c1')).toBe(true);
    expect(social.selectUndoableMutes(muted)).toEqual(['c1']);
    const undone = fold([social.muteUndone({ id: 'c1' })], muted);
    expect(social.selectIsMuted(undone, 'c1')).toBe(false);
    expect(social.selectUndoableMutes(undone)).toEqual([]);
  });

  it('after the window, or for a report, an undo changes nothing', () => {
    const expired = fold([
      social.muted({ id: 'c1', reason: 'notInterested' }),
      social.muteUndoExpired({ id: 'c1' }),
      social.muteUndone({ id: 'c1' }),
    ]);
    expect(social.selectIsMuted(expired, 'c1')).toBe(true);
    const reported = fold([social.muted({ id: 'c2', reason: 'report' }), social.muteUndone({ id: 'c2' })]);
    expect(social.selectIsMuted(reported, 'c2')).toBe(true);
    expect(social.selectUndoableMutes(reported)).toEqual([]);
    // A card reported after it was marked 'not interested' stays what it first was: undoable once.
    const restored = fold([social.hiddenListRestored({ ids: ['c3'] }), social.muteUndone({ id: 'c3' })]);
    expect(social.selectIsMuted(restored, 'c3')).toBe(true);
  });

  it('property: the hidden list only loses an id by an undo inside its window, and every undoable id is hidden', () => {
    const ids = fc.constantFrom('1', '2', '3', '4');
    const event = fc.oneof(
      fc
        .record({ id: ids, reason: fc.constantFrom('report' as const, 'notInterested' as const) })
        .map((p) => social.muted(p)),
      ids.map((id) => social.muteUndone({ id })),
      ids.map((id) => social.muteUndoExpired({ id })),
    );
    fc.assert(
      fc.property(fc.array(event, { maxLength: 30 }), (events) => {
        let s = ctx.initialState;
        for (const e of stampAll(events)) {
          const next = ctx.evolve(s, e);
          expect(social.hiddenListGrowsOnce.check(s, next, e)).toBeNull();
          const lost = s.hidden.filter((id) => !next.hidden.includes(id));
          if (lost.length > 0) {
            expect(e.type).toBe('social/muteUndone');
            expect(lost).toEqual([(e.payload as { id: string }).id]);
          }
          s = next;
        }
      }),
    );
  });
});

const ornament = (over: Partial<decorations.Ornament> = {}): decorations.Ornament => ({
  id: 'orn-1',
  type: 'avatarBox',
  name: 'Aurora Ring',
  preview: { url: '/x.png', width: 192, height: 192 },
  price: 120,
  stock: 5,
  is_owned: false,
  is_wearing: false,
  buy_at: null,
  sold: 0,
  ...over,
});

describe('the buy confirmation (issue 21 item 8: price and balance after)', () => {
  it('shows the price, the balance and the balance after, exactly', () => {
    expect(decorations.purchaseQuote(ornament(), 500)).toEqual({
      ornamentId: 'orn-1',
      name: 'Aurora Ring',
      price: 120,
      priceText: '120',
      balanceText: '500',
      balanceAfter: 380,
      balanceAfterText: '380',
      refused: null,
    });
    expect(decorations.purchaseQuote(ornament({ price: 0.3 }), 0.5).balanceAfterText).toBe('0.2');
  });

  it('gives no balance after when the purchase would be refused', () => {
    expect(decorations.purchaseQuote(ornament(), 119)).toMatchObject({
      balanceAfter: null,
      refused: 'noCoins',
    });
    expect(decorations.purchaseQuote(ornament(), null)).toMatchObject({
      balanceText: null,
      refused: 'noCoins',
    });
    expect(decorations.purchaseQuote(ornament({ is_owned: true }), 999).refused).toBe('alreadyOwned');
    expect(decorations.purchaseQuote(ornament({ stock: 0 }), 999).refused).toBe('soldOut');
  });

  it('property: the balance after is the balance less the price, never below 0, only when allowed', () => {
    const cents = fc.integer({ min: 0, max: 10_000_000 });
    fc.assert(
      fc.property(cents, cents, (price, balance) => {
        const q = decorations.purchaseQuote(ornament({ price: price / 100 }), balance / 100);
        if (balance >= price) {
          expect(q.refused).toBeNull();
          expect(Math.round(q.balanceAfter! * 100)).toBe(balance - price);
          expect(q.balanceAfter!).toBeGreaterThanOrEqual(0);
        } else {
          expect(q.refused).toBe('noCoins');
          expect(q.balanceAfter).toBeNull();
        }
      }),
    );
  });
});

describe('an untitled library item (issue 21 item 9: a translated placeholder, never empty quotes)', () => {
  it('names an item by its title, or by the placeholder key when it has none', () => {
    expect(editor.libraryItemName('Sunset')).toEqual({ kind: 'text', text: 'Sunset' });
    for (const t of ['', '   ', null, undefined])
      expect(editor.libraryItemName(t)).toEqual({ kind: 'key', key: editor.UNTITLED_ITEM_KEY });
    expect(editor.UNTITLED_ITEM_KEY).toBe('editor.untitledItem');
  });
});
