/**
 * Marketing demo data, idempotent: the twelve testimonials of the membership page (spec §1; the
 * names are invented sample names, as the spec asks) and the seven weekly campaigns of the season
 * (spec §9).
 *
 * Testimonials store only an avatar prompt; the avatar is rendered by the image engine on its
 * first GET (server/campaigns/routes.ts), so seeding is two small batches of inserts.
 * Campaign windows come from the domain's rotation rule (format.activeCampaign), walked from the
 * season's start: the table follows the domain (ON CONFLICT updates the window) and nothing here
 * re-implements the rotation.
 */
import { format } from '../../domain/index.js';
import type { ServerContext } from '../context';

export interface SeedTestimonial {
  readonly id: string;
  readonly name: string;
  readonly avatarPrompt: string;
  readonly titleEn: string;
  readonly titleZh: string;
  readonly contentEn: string;
  readonly contentZh: string;
}

export const SEED_TESTIMONIALS: readonly SeedTestimonial[] = [
  {
    id: 'tst-elodie',
    name: 'Elodie Castellane',
    avatarPrompt: 'portrait of a painter with a red scarf, warm light',
    titleEn: 'My sketchbook finally has colour',
    titleZh: '我的速写本终于有了颜色',
    contentEn:
      'I draw in pencil on the train and turn the scans into full colour pieces here. The monthly membership coins cover about forty images, which is more than I manage in a month.',
    contentZh:
      '我在火车上用铅笔画草图，回家后在这里把扫描稿变成彩色作品。月度会员送的金币够生成四十张左右的图片，比我一个月能画的还多。',
  },
  {
    id: 'tst-tobias',
    name: 'Tobias Wrenfield',
    avatarPrompt: 'portrait of a bearded man with headphones, blue night',
    titleEn: 'A song for every episode',
    titleZh: '每一期节目都有自己的歌',
    contentEn:
      'I make a short theme song for each podcast episode. Describing the mood in one sentence and getting a full track back still feels like magic.',
    contentZh:
      '我为每一期播客做一首短短的主题曲。用一句话描述氛围，就能得到一整首曲子，这种感觉到现在还像魔法一样。',
  },
  {
    id: 'tst-lin',
    name: 'Lin Xiaoyu',
    avatarPrompt: 'portrait of a young woman with short hair, cherry blossom',
    titleEn: 'From idea to video in one evening',
    titleZh: '一个晚上从想法到视频',
    contentEn:
      'I storyboarded a thirty second clip for my cousin’s wedding and rendered it the same night. Upgrading to the yearly plan made the faster queue worth it.',
    contentZh:
      '我给表姐的婚礼做了一个三十秒的短片，分镜和渲染在同一个晚上完成。升级到年度会员后，更快的队列真的很值。',
  },
  {
    id: 'tst-ade',
    name: 'Adebayo Quill',
    avatarPrompt: 'portrait of a smiling man in a green jacket, sunny park',
    titleEn: 'Coins that never go to waste',
    titleZh: '金币一点也不浪费',
    contentEn:
      'A failed task refunds its coins right away, so I experiment without worrying. I top up a small coin pack when a big project comes in.',
    contentZh: '任务失败时金币会立即退回，所以我可以放心地尝试。接到大项目时，我就再买一个小金币包。',
  },
  {
    id: 'tst-sofia',
    name: 'Sofia Marlowe',
    avatarPrompt: 'portrait of a woman with round glasses, library, soft light',
    titleEn: 'Covers for my whole book series',
    titleZh: '整套书的封面都在这里完成',
    contentEn:
      'All six covers of my fantasy series came from one prompt template with a different colour each time. Readers say they look like a real set.',
    contentZh:
      '我的奇幻系列六本书的封面都来自同一个提示词模板，每次只换一种颜色。读者都说它们看起来就像一套正式出版的书。',
  },
  {
    id: 'tst-haruto',
    name: 'Haruto Ashbeck',
    avatarPrompt: 'portrait of a young man with a camera, city night, neon',
    titleEn: 'Night photos, reimagined',
    titleZh: '重新想象夜景照片',
    contentEn:
      'I upload my night street photos and restyle them as ink paintings. The community square gave me my first hundred followers in a week.',
    contentZh:
      '我上传夜晚街头的照片，再把它们转换成水墨画风格。在社区广场上，一周之内我就有了第一批一百个关注者。',
  },
  {
    id: 'tst-chen',
    name: 'Chen Moyan',
    avatarPrompt: 'portrait of a man with a calm smile, mountain fog, ink',
    titleEn: 'My calligraphy students love it',
    titleZh: '我的书法学生都很喜欢',
    contentEn:
      'I teach calligraphy and use generated landscapes as backgrounds for my students’ work. The membership pays for itself with one class.',
    contentZh: '我教书法，用生成的山水画作为学生作品的背景。一节课的收入就足够支付会员费用了。',
  },
  {
    id: 'tst-ines',
    name: 'Inès Valbright',
    avatarPrompt: 'portrait of a woman with curly hair, ocean breeze, summer',
    titleEn: 'A summer of short videos',
    titleZh: '一个属于短视频的夏天',
    contentEn:
      'I joined the summer video campaign and posted a clip every day. The weekly themes kept me creating when I had no ideas of my own.',
    contentZh: '我参加了夏日视频活动，每天发布一个短片。每周的主题让我在没有灵感的时候也能继续创作。',
  },
  {
    id: 'tst-wang',
    name: 'Wang Qingshan',
    avatarPrompt: 'portrait of an older man with a kind face, tea house, warm',
    titleEn: 'Never too late to create',
    titleZh: '创作永远不嫌晚',
    contentEn:
      'At sixty-eight I made my first song, about the river near my village. My grandchildren play it at every family dinner now.',
    contentZh: '六十八岁时，我写了人生第一首歌，唱的是村边的那条河。现在每次家庭聚餐，孙子孙女都会放这首歌。',
  },
  {
    id: 'tst-priya',
    name: 'Priya Lanternmoor',
    avatarPrompt: 'portrait of a woman with a golden earring, sunset studio',
    titleEn: 'Characters that talk back',
    titleZh: '会回应我的角色',
    contentEn:
      'I design characters for my comic and chat with them to find their voices. It has made my dialogue so much better.',
    contentZh: '我为自己的漫画设计角色，并和它们聊天来找到各自的说话方式。我的对白因此进步了很多。',
  },
  {
    id: 'tst-oskar',
    name: 'Oskar Fennimore',
    avatarPrompt: 'portrait of a teenager with a hoodie, purple galaxy',
    titleEn: 'My first music video',
    titleZh: '我的第一支音乐视频',
    contentEn:
      'I made a song and then a video for it with the same coins from my monthly plan. My band used it to announce our first concert.',
    contentZh: '我用月度会员的金币先做了一首歌，又为它做了一支视频。我们乐队用它宣布了第一场演出。',
  },
  {
    id: 'tst-zhou',
    name: 'Zhou Yiran',
    avatarPrompt: 'portrait of a girl with a paintbrush, colourful, children drawing',
    titleEn: 'Colouring pages for my class',
    titleZh: '为班级制作涂色画',
    contentEn:
      'As a kindergarten teacher I generate colouring pages every week. The children’s colour campaign was the highlight of our spring term.',
    contentZh: '作为幼儿园老师，我每周都会生成涂色画。儿童色彩活动是我们这个春季学期最精彩的部分。',
  },
];

export interface CampaignWindow {
  readonly type: format.CampaignType;
  readonly startsAt: number;
  readonly endsAt: number;
}

/** Every campaign of the season, in order: the domain's active campaign at each window's start. */
export const seasonCampaigns = (): readonly CampaignWindow[] => {
  const windows: CampaignWindow[] = [];
  let c = format.activeCampaign(format.CAMPAIGN_SEASON_START);
  while (c !== null) {
    windows.push({ type: c.type, startsAt: c.startsAt, endsAt: c.endsAt });
    c = format.activeCampaign(c.endsAt);
  }
  return windows;
};

export const seedMarketing = async (ctx: ServerContext): Promise<void> => {
  const now = ctx.clock.now();
  for (const [i, s] of SEED_TESTIMONIALS.entries())
    await ctx.db.query(
      `INSERT INTO testimonials (id, sort, name, avatar_prompt, title_en, title_zh, content_en, content_zh, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (id) DO NOTHING`,
      [s.id, i, s.name, s.avatarPrompt, s.titleEn, s.titleZh, s.contentEn, s.contentZh, now],
    );
  for (const [i, c] of seasonCampaigns().entries())
    await ctx.db.query(
      `INSERT INTO campaigns (type, sort, starts_at, ends_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (type) DO UPDATE SET sort = EXCLUDED.sort, starts_at = EXCLUDED.starts_at, ends_at = EXCLUDED.ends_at`,
      [c.type, i, c.startsAt, c.endsAt],
    );
};
