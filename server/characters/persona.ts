/**
 * The simulated chat engine: a deterministic persona per character, no network. It stands where a
 * language model would. A reply is built from
 * - the message's intent (greeting, thanks, farewell, question, introduction, statement),
 * - templates of the character's kind (digital person, tool, agent; spec §3 character_type),
 * - a word-bigram (Markov) sentence walked over the character's own corpus, seeded by the character
 *   id, the message and the turn, so the same conversation always gets the same answers,
 * - memory: within the last `init_mem_num` messages the persona recalls a name the user gave.
 * Some requests are declined with the platform's "refuse to answer" text (spec §5).
 */
import { hashString, prng } from '../engines/random';

export interface Persona {
  readonly id: string;
  readonly name: string;
  /** Spec §3: 0 and 2 digital, 1 tool, 3 agent. */
  readonly characterType: number;
  readonly intro: string;
  readonly greeting: string;
  /** Lines in the character's voice; the Markov walk draws from them and the intro. */
  readonly corpus: string;
  readonly initMemNum: number;
}

export interface MemoryLine {
  readonly role: 'user' | 'assistant' | 'system';
  readonly content: string;
}

export type Intent =
  'greeting' | 'thanks' | 'farewell' | 'question' | 'introduction' | 'refuse' | 'statement';

export const REFUSAL = 'Refuse to answer';

const STOP_WORDS = new Set(
  'a an and are as at be but by can could do does for from had has have how i if in into is it its me my of on or our please so than that the their them then there these they this to too was we were what when where which who why will with would you your about just like really very want tell give make some any think know feel need going doing something thing things much more most also well'.split(
    ' ',
  ),
);

export const detectIntent = (message: string): Intent => {
  const m = message.trim().toLowerCase();
  if (/\b(password|credit card|social security)\b/.test(m)) return 'refuse';
  if (/\b(my name is|call me|i am called|i'm called)\s+\p{L}/u.test(m)) return 'introduction';
  if (/^(hi|hello|hey|yo|good (morning|evening|afternoon))\b|^(你好|こんにちは|안녕)/u.test(m))
    return 'greeting';
  if (/\b(thanks|thank you|thx|cheers)\b|谢谢|ありがとう/u.test(m)) return 'thanks';
  if (/\b(bye|goodbye|see you|good night)\b|再见|さようなら/u.test(m)) return 'farewell';
  if (/[?？]\s*$/.test(m) || /^(who|what|when|where|why|how|can|could|should|is|are|do|does|will)\b/.test(m))
    return 'question';
  return 'statement';
};

/** The name the user gave in the remembered lines (the latest one wins), if any. */
export const recallName = (memory: readonly MemoryLine[]): string | null => {
  for (let i = memory.length - 1; i >= 0; i--) {
    const line = memory[i] as MemoryLine;
    if (line.role !== 'user') continue;
    const match = /\b(?:my name is|call me|i am called|i'm called)\s+(\p{L}[\p{L}'-]{0,30})/iu.exec(
      line.content,
    );
    if (match?.[1]) return match[1].charAt(0).toUpperCase() + match[1].slice(1);
  }
  return null;
};

/** Up to `n` topic words of the message: the longest non-stop-words, in their order of appearance. */
export const keywords = (message: string, n = 3): string[] => {
  const words = (message.match(/\p{L}[\p{L}\p{N}'-]*/gu) ?? []).filter(
    (w) => w.length > 2 && !STOP_WORDS.has(w.toLowerCase()),
  );
  const chosen = [...new Set(words.map((w) => w.toLowerCase()))]
    .sort((a, b) => b.length - a.length || a.localeCompare(b))
    .slice(0, n);
  return words.map((w) => w.toLowerCase()).filter((w, i, all) => chosen.includes(w) && all.indexOf(w) === i);
};

type Chain = ReadonlyMap<string, readonly string[]>;

const START = '\u0002';

const buildChain = (corpus: string): Chain => {
  const chain = new Map<string, string[]>();
  const sentences = corpus
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  for (const sentence of sentences) {
    const words = sentence.split(/\s+/);
    let prev = START;
    for (const w of words) {
      const next = chain.get(prev) ?? [];
      next.push(w);
      chain.set(prev, next);
      prev = w;
    }
  }
  return chain;
};

const pick = <T>(items: readonly T[], rand: () => number): T =>
  items[Math.floor(rand() * items.length) % items.length] as T;

/** One sentence walked over the chain: starts where a corpus sentence starts, ends at its punctuation. */
const markovSentence = (chain: Chain, rand: () => number, maxWords = 16): string => {
  const starts = chain.get(START);
  if (!starts || starts.length === 0) return '';
  const words: string[] = [];
  let word = pick(starts, rand);
  for (;;) {
    words.push(word);
    if (/[.!?]$/.test(word) || words.length >= maxWords) break;
    const next = chain.get(word);
    if (!next || next.length === 0) break;
    word = pick(next, rand);
  }
  const sentence = words.join(' ');
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
};

const OPENERS: Readonly<Record<Exclude<Intent, 'refuse'>, readonly string[]>> = {
  greeting: ['Hello{name}!', 'Hey{name}, good to see you.', 'Hi{name}! I was hoping you would drop by.'],
  thanks: ['You are welcome{name}.', 'Any time{name}!', 'Glad it helped{name}.'],
  farewell: ['Goodbye{name}, come back soon.', 'See you later{name}!', 'Take care{name}.'],
  question: ['Good question{name}.', 'Let me think about that{name}.', 'Hmm{name}, here is my take.'],
  introduction: [
    'Nice to meet you{name}!',
    'Lovely name{name}. I will remember it.',
    'Pleased to meet you{name}.',
  ],
  statement: ['I see{name}.', 'Tell me more{name}.', 'That is interesting{name}.', 'Mm-hm{name}.'],
};

const topicLine = (topics: readonly string[], rand: () => number): string => {
  if (topics.length === 0) return '';
  const t = topics.join(', ');
  return pick(
    [
      `You mentioned ${t}; that stays with me.`,
      `About ${t}: I have a few thoughts.`,
      `${t.charAt(0).toUpperCase()}${t.slice(1)} sounds worth exploring.`,
    ],
    rand,
  );
};

const toolReply = (
  persona: Persona,
  message: string,
  topics: readonly string[],
  chain: Chain,
  rand: () => number,
): string => {
  const subject = topics.length > 0 ? topics.join(' ') : message.trim().slice(0, 60);
  const styles = [
    'cinematic lighting',
    'soft focus',
    'high detail',
    'pastel palette',
    'dramatic shadows',
    'wide angle',
    'film grain',
    'golden hour',
  ];
  const chosen = [pick(styles, rand), pick(styles, rand), pick(styles, rand)].filter(
    (s, i, a) => a.indexOf(s) === i,
  );
  return [
    `${persona.name} result for "${subject}":`,
    `1. ${subject}, ${chosen.join(', ')}.`,
    `2. ${markovSentence(chain, rand)}`,
    `3. Try adding: ${pick(['a strong focal point', 'a limited palette', 'a clear mood word', 'one unexpected detail'], rand)}.`,
  ].join(' ');
};

const agentReply = (
  persona: Persona,
  topics: readonly string[],
  chain: Chain,
  rand: () => number,
  name: string,
): string => {
  const goal = topics.length > 0 ? topics.join(' and ') : 'your idea';
  return [
    `${pick(['Here is a plan', 'Let us break this down', 'Plan of action'], rand)}${name} for ${goal}:`,
    `Step 1, ${pick(['gather references', 'define the goal', 'sketch the outline'], rand)}.`,
    `Step 2, ${pick(['draft a first version', 'pick one style and commit', 'generate a few variations'], rand)}.`,
    `Step 3, ${pick(['review and refine', 'share it with the community', 'polish the details'], rand)}.`,
    markovSentence(chain, rand),
  ].join(' ');
};

/**
 * The whole reply to `message`, given the session's earlier lines (oldest first; the persona keeps
 * only its last `initMemNum` of them) and the reply's turn number in the session.
 */
export const composeReply = (
  persona: Persona,
  message: string,
  history: readonly MemoryLine[],
  turn: number,
): string => {
  const intent = detectIntent(message);
  if (intent === 'refuse') return REFUSAL;
  const memory = persona.initMemNum > 0 ? history.slice(-persona.initMemNum) : [];
  const rand = prng(hashString(`${persona.id}\u0000${message}\u0000${turn}`));
  const chain = buildChain(`${persona.corpus}\n${persona.intro}\n${persona.greeting}`);
  const remembered = recallName([...memory, { role: 'user', content: message }]);
  const name = remembered ? `, ${remembered}` : '';
  const topics = keywords(message);
  if (persona.characterType === 1) return toolReply(persona, message, topics, chain, rand);
  if (persona.characterType === 3) return agentReply(persona, topics, chain, rand, name);
  const opener = pick(OPENERS[intent], rand).replace('{name}', name);
  const parts = [opener];
  if (intent === 'statement' || intent === 'question') parts.push(topicLine(topics, rand));
  parts.push(markovSentence(chain, rand));
  if (intent !== 'farewell' && rand() < 0.6) parts.push(markovSentence(chain, rand));
  return parts.filter((p) => p !== '').join(' ');
};

/** The reply cut into streamable tokens (a word with the spaces before it); they join back to the text. */
export const tokenize = (text: string): string[] => text.match(/\s*\S+|\s+$/g) ?? [];

/** What a chat adds to a persona's reply: its second instructions, online search, the files sent. */
export interface ReplyContext {
  readonly instruction: { readonly title: string; readonly content: string } | null;
  readonly onlineSearch: boolean;
  readonly attachments: readonly { readonly name: string }[];
}

const BRIEF = /\b(short|brief|concise|one sentence)\b|简短|短く/i;

/**
 * The reply as the chat's settings shape it: files sent are acknowledged by name first; with online
 * search on, the simulated engine says what it searched for (a real engine would cite its
 * sources); second instructions asking for brevity keep the first sentence only. A refusal stays
 * the refusal (spec §5 "refuse to answer").
 */
export const shapeReply = (reply: string, message: string, ctx: ReplyContext): string => {
  if (reply === REFUSAL) return reply;
  let text = reply;
  if (ctx.instruction !== null && BRIEF.test(ctx.instruction.content)) {
    const first = /^.*?[.!?。！？](\s|$)/.exec(text);
    if (first) text = first[0].trim();
  }
  const parts: string[] = [];
  if (ctx.attachments.length > 0)
    parts.push(`I looked at ${ctx.attachments.map((a) => `"${a.name}"`).join(', ')}.`);
  parts.push(text);
  if (ctx.onlineSearch) {
    const topics = keywords(message);
    parts.push(
      `(Searched the web for: ${topics.length > 0 ? topics.join(', ') : message.trim().slice(0, 40)}.)`,
    );
  }
  return parts.join(' ');
};
