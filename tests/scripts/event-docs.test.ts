import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { eventTypes } from '../../domain/index.js';
import { readEventSources, renderEventCatalogue } from '../../scripts/event-docs';

describe('the event catalogue (docs/events.md, for auditors and other frontends)', () => {
  it('names every event type of the domain with its creator and payload, and is up to date (run `npm run docs:events`)', async () => {
    const sources = await readEventSources();
    expect([...eventTypes].filter((t) => !sources.has(t))).toEqual([]);
    const committed = await readFile('docs/events.md', 'utf8');
    expect(committed).toBe(await renderEventCatalogue());
    for (const t of eventTypes) expect(committed).toContain(`| \`${t}\` | \`${sources.get(t)!.creator}\``);
  });
});
