/**
 * Commerce demo data, idempotent: twelve decorations (six avatar boxes, six production boxes)
 * with generated preview PNGs, some with low stock and one sold out. Plans, coin packs and
 * payment methods are a catalogue in code (server/billing/catalog.ts), not rows.
 *
 * Previews are rendered at seed time, only when the row or its blob is missing: twelve small
 * PNGs (192 x 192 and 192 x 256) take about half a second once; a restart reuses them.
 */
import type { ServerContext } from '../context';
import { renderAvatarBox, renderProductionBox } from '../decorations/ornamentArt';

interface SeedOrnament {
  readonly id: string;
  readonly type: 'avatar_box' | 'production_box';
  readonly name: string;
  readonly price: number;
  readonly stock: number;
  readonly sold: number;
  readonly hue: number;
}

export const SEED_ORNAMENTS: readonly SeedOrnament[] = [
  {
    id: 'orn-aurora-ring',
    type: 'avatar_box',
    name: 'Aurora Ring',
    price: 120,
    stock: 500,
    sold: 38,
    hue: 160,
  },
  {
    id: 'orn-ember-halo',
    type: 'avatar_box',
    name: 'Ember Halo',
    price: 80,
    stock: 1000,
    sold: 112,
    hue: 18,
  },
  {
    id: 'orn-sakura-wreath',
    type: 'avatar_box',
    name: 'Sakura Wreath',
    price: 200,
    stock: 5,
    sold: 95,
    hue: 335,
  },
  {
    id: 'orn-nebula-crown',
    type: 'avatar_box',
    name: 'Nebula Crown',
    price: 680,
    stock: 3,
    sold: 47,
    hue: 270,
  },
  {
    id: 'orn-frost-circlet',
    type: 'avatar_box',
    name: 'Frost Circlet',
    price: 150,
    stock: 0,
    sold: 200,
    hue: 200,
  },
  {
    id: 'orn-golden-laurel',
    type: 'avatar_box',
    name: 'Golden Laurel',
    price: 300,
    stock: 250,
    sold: 9,
    hue: 45,
  },
  {
    id: 'orn-ink-scroll',
    type: 'production_box',
    name: 'Ink Scroll Frame',
    price: 60,
    stock: 1000,
    sold: 64,
    hue: 220,
  },
  {
    id: 'orn-neon-grid',
    type: 'production_box',
    name: 'Neon Grid Frame',
    price: 90,
    stock: 800,
    sold: 150,
    hue: 300,
  },
  {
    id: 'orn-moss-garden',
    type: 'production_box',
    name: 'Moss Garden Frame',
    price: 110,
    stock: 8,
    sold: 42,
    hue: 120,
  },
  {
    id: 'orn-desert-dusk',
    type: 'production_box',
    name: 'Desert Dusk Frame',
    price: 140,
    stock: 400,
    sold: 21,
    hue: 30,
  },
  {
    id: 'orn-ocean-deep',
    type: 'production_box',
    name: 'Ocean Deep Frame',
    price: 240,
    stock: 2,
    sold: 58,
    hue: 205,
  },
  {
    id: 'orn-royal-velvet',
    type: 'production_box',
    name: 'Royal Velvet Frame',
    price: 520,
    stock: 120,
    sold: 3,
    hue: 350,
  },
];

export const seedCommerce = async (ctx: ServerContext): Promise<void> => {
  const now = ctx.clock.now();
  for (const [i, o] of SEED_ORNAMENTS.entries()) {
    const key = `ornaments/${o.id}.png`;
    const seeded = await ctx.db.query('SELECT 1 FROM ornaments WHERE id = $1', [o.id]);
    const hasBlob = (await ctx.blobs.get(key)) !== null;
    if (seeded.length > 0 && hasBlob) continue;
    const art = o.type === 'avatar_box' ? renderAvatarBox(o.hue, i + 1) : renderProductionBox(o.hue, i + 1);
    if (!hasBlob) await ctx.blobs.put(key, art.png);
    await ctx.db.query(
      `INSERT INTO ornaments (id, type, name, price, stock, sold, preview_key, preview_width, preview_height, sort, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT (id) DO NOTHING`,
      [o.id, o.type, o.name, o.price, o.stock, o.sold, key, art.width, art.height, i, now],
    );
  }
};
