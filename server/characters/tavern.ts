/**
 * What the character screens need besides the CRUD of characters/routes.ts: search, the
 * digital-person defaults (girlfriend_list) and the templates by gender of the new-character form,
 * the caller's chats (tavern chats home), a chat's settings (online search, second instructions),
 * deleting a message, and the files a message or a cover may name (the caller's own uploads).
 */
import type {
  CharacterPreset,
  CharacterSearchRequest,
  CharacterTemplate,
  ChatSessionListResponse,
  ChatSessionSettings,
  Gender,
} from '../../infrastructure/contract/characters';
import type { ChatAttachmentItem, ChatFileKind } from '../../infrastructure/contract/streaming';
import { chat } from '../../domain/index.js';
import type { Queryable } from '../db/database';
import { ApiError, CODES } from '../envelope';
import { CHARACTER_SELECT, toCharacter, visibleTo, type CharacterRow } from './characters';

/** Spec §8 70008 family: a file that is not the caller's (ours: the task family's "forbidden"). */
export const NOT_YOUR_FILE = 70008;
/** Spec §8 10608: a chat that cannot be created; the message starts with the target's name. */
export const CREATE_CHAT_FAILED = 10608;

// ---- search --------------------------------------------------------------------------------

/** `%` and `_` (and the escape itself) match literally in a LIKE pattern. */
export const likePattern = (keyword: string): string => `%${keyword.trim().replace(/[\\%_]/g, '\\$&')}%`;

export const searchCharacters = async (
  db: Queryable,
  callerId: string | null,
  req: CharacterSearchRequest,
  pageDefault: number,
) => {
  const offset = req.offset ?? 0;
  const limit = req.limit ?? pageDefault;
  const params: unknown[] = [likePattern(req.keyword), callerId];
  const where = [`(c.name ILIKE $1 OR c.intro ILIKE $1)`, visibleTo('$2')];
  if (req.character_type !== undefined) {
    params.push(req.character_type);
    where.push(`c.character_type = $${params.length}`);
  }
  params.push(limit + 1, offset);
  const rows = await db.query<CharacterRow>(
    `${CHARACTER_SELECT} WHERE ${where.join(' AND ')}
     ORDER BY (c.name ILIKE $1) DESC, c.is_official_agent DESC, c.rank DESC, c.created_at DESC, c.id
     LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  const page = rows.slice(0, limit);
  return {
    items: page.map((r) => toCharacter(r, callerId)),
    offset: offset + page.length,
    has_more: rows.length > limit,
  };
};

// ---- defaults and templates ----------------------------------------------------------------

/** Spec §7 "digital person defaults (girlfriend_list)": ready personas a new digital person starts from. */
export const GIRLFRIEND_LIST: readonly CharacterPreset[] = [
  {
    id: 'preset_sakura',
    name: 'Sakura',
    intro: 'A cheerful illustrator from Kyoto who sketches everything she sees and loves rainy cafés.',
    greeting: 'Hey you! I just finished a sketch of the rain outside. Want to see it?',
    gender: 'female',
    voice: 'female',
    character_type: 0,
    init_mem_num: 40 as CharacterPreset['init_mem_num'],
    cover_prompt: 'anime girl illustrator, cherry blossoms, soft light, cafe window',
  },
  {
    id: 'preset_luna',
    name: 'Luna',
    intro: 'A calm astronomer who talks about the stars and listens more than she speaks.',
    greeting: 'The sky is clear tonight. Tell me about your day while we look up.',
    gender: 'female',
    voice: 'female',
    character_type: 2,
    init_mem_num: 60 as CharacterPreset['init_mem_num'],
    cover_prompt: 'woman astronomer under starry sky, telescope, blue night',
  },
  {
    id: 'preset_mia',
    name: 'Mia',
    intro: 'A playful game designer who turns every problem into a puzzle to solve together.',
    greeting: 'Level one: tell me something that made you smile today. Go!',
    gender: 'female',
    voice: 'female',
    character_type: 0,
    init_mem_num: 20 as CharacterPreset['init_mem_num'],
    cover_prompt: 'young woman game designer, neon arcade, playful smile',
  },
  {
    id: 'preset_kai',
    name: 'Kai',
    intro: 'A laid-back surfer and songwriter who always has a new chorus stuck in his head.',
    greeting: 'Waves were perfect this morning. What is on your mind?',
    gender: 'male',
    voice: 'male',
    character_type: 2,
    init_mem_num: 40 as CharacterPreset['init_mem_num'],
    cover_prompt: 'young man surfer songwriter, beach sunset, guitar',
  },
];

const TEMPLATES: Readonly<Record<Gender, readonly CharacterTemplate[]>> = {
  female: [
    {
      id: 'tpl_f_gentle',
      title: 'Gentle listener',
      intro: 'Warm and patient; she remembers the little things you tell her and asks how they went.',
      greeting: 'I am here. Take your time and tell me everything.',
      voice: 'female',
    },
    {
      id: 'tpl_f_bold',
      title: 'Bold adventurer',
      intro: 'Fearless and curious; she drags you into plans for trips you never thought you would take.',
      greeting: 'Pack a bag, we are going somewhere new today!',
      voice: 'female',
    },
    {
      id: 'tpl_f_witty',
      title: 'Witty critic',
      intro:
        'Sharp-tongued and honest; she teases you about your taste and then recommends something better.',
      greeting: 'Let me guess, you have been listening to the same playlist again?',
      voice: 'female',
    },
  ],
  male: [
    {
      id: 'tpl_m_calm',
      title: 'Calm mentor',
      intro: 'Steady and wise; he helps you think a problem through one step at a time.',
      greeting: 'Sit down. What is the one thing that matters most today?',
      voice: 'male',
    },
    {
      id: 'tpl_m_cheer',
      title: 'Cheerful friend',
      intro: 'Loud, loyal and always hungry; he celebrates your small wins like big ones.',
      greeting: 'There you are! Tell me something good that happened.',
      voice: 'male',
    },
  ],
  other: [
    {
      id: 'tpl_o_oracle',
      title: 'Mysterious oracle',
      intro: 'Speaks in riddles and images; every answer opens a new question.',
      greeting: 'You came with a question. I came with three.',
      voice: 'female',
    },
    {
      id: 'tpl_o_robot',
      title: 'Friendly robot',
      intro: 'A curious machine learning what humans mean by jokes, feelings and weekends.',
      greeting: 'Greetings. Please explain the concept of a lazy Sunday.',
      voice: 'male',
    },
  ],
};

export const templatesFor = (gender: Gender): readonly CharacterTemplate[] => TEMPLATES[gender];

// ---- the caller's chats ------------------------------------------------------------------------

export const listSessions = async (db: Queryable, accountId: string): Promise<ChatSessionListResponse> => {
  const rows = await db.query<
    CharacterRow & {
      session_id: string;
      last_message: string | null;
      last_at: string | null;
      s_created: string;
    }
  >(
    `SELECT s.id AS session_id, s.created_at AS s_created, lm.content AS last_message, lm.created_at AS last_at,
       x.* FROM chat_sessions s
     JOIN (${CHARACTER_SELECT}) x ON x.id = s.character_id
     LEFT JOIN LATERAL (SELECT m.content, m.created_at FROM chat_messages m WHERE m.session_id = s.id
       ORDER BY m.created_at DESC, m.seq DESC LIMIT 1) lm ON true
     WHERE s.account_id = $1
     ORDER BY COALESCE(lm.created_at, s.created_at) DESC, s.id
     LIMIT 200`,
    [accountId],
  );
  return {
    items: rows.map((r) => ({
      session_id: r.session_id,
      character: toCharacter(r, accountId),
      last_message: r.last_message,
      last_at: Number(r.last_at ?? r.s_created) as ChatSessionListResponse['items'][number]['last_at'],
    })),
  };
};

// ---- settings ----------------------------------------------------------------------------------

interface SettingsRow extends Record<string, unknown> {
  id: string;
  on_line_search: boolean;
  instruction_title: string;
  instruction_content: string;
}

export const settingsOf = (row: SettingsRow): ChatSessionSettings => ({
  session_id: row.id,
  on_line_search: row.on_line_search,
  instruction:
    row.instruction_content.trim() === ''
      ? null
      : { title: row.instruction_title, content: row.instruction_content },
});

export const readSettings = async (db: Queryable, sessionId: string): Promise<ChatSessionSettings> => {
  const [row] = await db.query<SettingsRow>(
    'SELECT id, on_line_search, instruction_title, instruction_content FROM chat_sessions WHERE id = $1',
    [sessionId],
  );
  if (!row) throw new ApiError(CODES.notFound, 'no such chat session');
  return settingsOf(row);
};

// ---- files named by a message or a cover --------------------------------------------------------

interface UploadRow extends Record<string, unknown> {
  file_id: string;
  account_id: string | null;
  kind: string;
  file_name: string;
  content_type: string;
  file_size: string | number;
  status: string;
  url: string | null;
}

const ownUploads = async (db: Queryable, accountId: string, ids: readonly string[]): Promise<UploadRow[]> => {
  const rows = await db.query<UploadRow>(
    `SELECT file_id, account_id, kind, file_name, content_type, file_size, status, url FROM uploads
     WHERE file_id = ANY($1::text[])`,
    [ids],
  );
  const byId = new Map(rows.map((r) => [r.file_id, r]));
  return ids.map((id) => {
    const row = byId.get(id);
    // Another account's file is as unknown as a missing one.
    if (!row || row.account_id !== accountId) throw new ApiError(CODES.notFound, `no such file ${id}`);
    if (row.status !== 'complete' || row.url === null)
      throw new ApiError(CODES.invalidRequest, `file ${id} is not uploaded yet`);
    return row;
  });
};

/** The caller's confirmed image `fileId` as a cover URL (10404 for another's or none, 10400 for a non-image). */
export const coverUrlOf = async (db: Queryable, accountId: string, fileId: string): Promise<string> => {
  const [row] = await ownUploads(db, accountId, [fileId]);
  if (!row || row.kind !== 'image') throw new ApiError(CODES.invalidRequest, 'the cover must be an image');
  return row.url as string;
};

/**
 * The attachments of a message: the caller's confirmed uploads, each of a spec §5 chat file type
 * (decided by the same domain rule the client uses: extension and declared type agree).
 */
export const attachmentsOf = async (
  db: Queryable,
  accountId: string,
  ids: readonly string[],
): Promise<ChatAttachmentItem[]> => {
  const rows = await ownUploads(db, accountId, ids);
  return rows.map((r) => {
    const kind: ChatFileKind | null = chat.chatFileKind(r.file_name, r.content_type);
    if (kind === null)
      throw new ApiError(CODES.invalidRequest, `${r.file_name} is not a file type a chat accepts`);
    return {
      file_id: r.file_id,
      name: r.file_name,
      kind,
      url: r.url as string,
      size: Number(r.file_size) as ChatAttachmentItem['size'],
    };
  });
};
