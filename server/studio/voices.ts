/**
 * Voices made with the voice creation form (spec §3, §5; contract: infrastructure/contract/studio.ts).
 * The codec holds every §5 rule; here the cover and each audio file must be the caller's own upload
 * (70008 otherwise, 10404 for no such file). A published voice gets a card in the square's voice
 * list (kind aiAudio, spec §3 obj_type 16).
 */
import type { FastifyInstance } from 'fastify';
import { OBJ_TYPE_OF_CARD } from '../../infrastructure/contract/feed';
import { VOICE_CREATE_PATH, VoiceCreateRequest, type Voice } from '../../infrastructure/contract/studio';
import { newId, requireAccount } from '../auth';
import type { ServerContext } from '../context';
import { decodeBody, ok } from '../envelope';
import { sizeFor } from '../engines/image';
import { ownerOf, resolveOwnedUrl } from '../tasks/inputs';

export const voiceRoutes = (app: FastifyInstance, ctx: ServerContext): void => {
  app.post(VOICE_CREATE_PATH, async (req) => {
    const accountId = requireAccount(req.caller);
    const body = decodeBody(VoiceCreateRequest, req.body);
    const owner = ownerOf(req.caller, false);
    await resolveOwnedUrl(ctx.db, ctx.blobs, owner, body.cover);
    for (const a of body.audios) await resolveOwnedUrl(ctx.db, ctx.blobs, owner, a.url);
    const id = `vc-${newId(9)}`;
    const at = ctx.clock.now();
    const voice: Voice = {
      id,
      name: body.name.trim(),
      cover: body.cover,
      gender: body.gender,
      age: body.age,
      langs: [...new Set(body.langs)],
      tones: [...new Set(body.tones)],
      text: body.text,
      tag: [...new Set(body.tag ?? [])],
      publish_status: body.publish_status ?? 0,
      audios: body.audios,
      create_at: at,
    };
    await ctx.db.transaction(async (tx) => {
      let itemId: string | null = null;
      if (voice.publish_status === 1) {
        itemId = `aud-${newId(9)}`;
        const { width, height } = sizeFor('1:1', 320);
        await tx.query(
          `INSERT INTO content_items (id, kind, obj_type, author_id, title, description, cover_prompt, cover_aspect, cover_long_side, cover_width, cover_height, extra, created_at)
           VALUES ($1, 'aiAudio', $2, $3, $4, $5, $6, '1:1', 320, $7, $8, $9::jsonb, $10)`,
          [
            itemId,
            OBJ_TYPE_OF_CARD.aiAudio,
            accountId,
            voice.name,
            voice.text.slice(0, 200),
            `${voice.name} ${voice.tones.join(' ')} voice portrait`,
            width,
            height,
            JSON.stringify({ duration: Math.round(voice.audios.reduce((n, a) => n + a.duration, 0)) }),
            at,
          ],
        );
      }
      await tx.query(
        `INSERT INTO voices (id, account_id, name, cover, gender, age, langs, tones, text, tag, publish_status, audios, item_id, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, $9, $10::jsonb, $11, $12::jsonb, $13, $14)`,
        [
          id,
          accountId,
          voice.name,
          voice.cover,
          voice.gender,
          voice.age,
          JSON.stringify(voice.langs),
          JSON.stringify(voice.tones),
          voice.text,
          JSON.stringify(voice.tag),
          voice.publish_status,
          JSON.stringify(voice.audios),
          itemId,
          at,
        ],
      );
    });
    return ok({ voice });
  });
};
