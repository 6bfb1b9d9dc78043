/**
 * A generated event log of a realistic mix, for the replay benchmark: one browser tab over many
 * sessions, each signed in and out, and second by second what a busy person does between: tasks
 * created and polled every 3 s to the end, chats with streamed replies (the bulk of a real log),
 * feed pages with their social items and the exposure events of their cards, likes and follows,
 * page views, notices raised and dismissed, unread counts, coin refreshes, and the tracking queues
 * flushed in batches. Deterministic for a seed.
 */
import {
  billing,
  chat,
  feed,
  messages,
  notices,
  popups,
  session,
  signedOutEvents,
  social,
  stamp,
  tasks,
  tracking,
  type DomainEvent,
  type UnstampedEvent,
} from '../domain/index.js';

/** mulberry32: a small seeded generator, so the same seed gives the same log. */
const rng = (seed: number) => {
  let a = seed >>> 0;
  return (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

const ROUTES = ['homePage', 'square', 'create', 'queue', 'chats', 'personal', 'membership'] as const;
const TABS = ['recommend', 'model', 'post', 'character', 'video'] as const;
const CARD_TYPES = ['artwork', 'model', 'post', 'character', 'aiVideo'] as const;
const OBJ_TYPES = [1, 2, 4, 9, 15] as const;
const WORDS = [
  'a lighthouse',
  'on a cliff',
  'at dusk',
  'neon city',
  'watercolour',
  'fox',
  'in snow',
  'portrait',
];
const PAGE = 20;

/**
 * Chances per second of what the person starts: a busy session chats (a reply every ~30 s), makes
 * a task every ~3 min, opens a feed tab every ~3 min and scrolls 1 to 4 pages before leaving it.
 */
const RATE = {
  createTask: 1 / 180,
  chatReply: 1 / 30,
  pageView: 1 / 45,
  feedVisit: 1 / 180,
  like: 1 / 240,
  follow: 1 / 1200,
  unreadPoll: 1 / 300,
  coinRefresh: 1 / 600,
} as const;

type Channel = 'eventReport' | 'log' | 'exposure';
/** Items per upload, as the channels' policies batch them (domain/tracking/rules.ts). */
const FLUSH_AT: Readonly<Record<Channel, number>> = { eventReport: 10, log: 10, exposure: 100 };

export interface RealisticLogOptions {
  /** At least this many events (the last session is signed out, so a few more). */
  readonly events: number;
  readonly sessions: number;
  readonly seed?: number;
}

export interface LogShape {
  readonly sessions: number;
  readonly tasks: number;
  readonly chatReplies: number;
  readonly feedPages: number;
}

export const realisticEvents = (options: RealisticLogOptions): DomainEvent[] => realisticLog(options).events;

export const realisticLog = ({
  events: target,
  sessions,
  seed = 2026,
}: RealisticLogOptions): { readonly events: DomainEvent[]; readonly shape: LogShape } => {
  const random = rng(seed);
  const pick = <A>(xs: readonly A[]): A => xs[Math.floor(random() * xs.length)] as A;
  const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
  let counter = 0;
  const id = (prefix: string) =>
    `${prefix}${(counter++).toString(36)}${Math.floor(random() * 1e6).toString(36)}`;
  const shape = { sessions: 0, tasks: 0, chatReplies: 0, feedPages: 0 };

  const out: DomainEvent[] = [];
  let now = Date.UTC(2026, 10, 1, 8);
  const emit = (e: UnstampedEvent, spreadMs = 40) => {
    now += int(1, spreadMs);
    out.push(stamp(e, out.length + 1, now));
  };

  // The tracking queues as the reducer keeps them: ids pending and the enqueue counter (batch ids follow it).
  const queues = new Map<Channel, { pending: { id: string; seq: number }[]; nextSeq: number }>(
    (Object.keys(FLUSH_AT) as Channel[]).map((c) => [c, { pending: [], nextSeq: 0 }]),
  );
  const track = (channel: Channel, name: string, user: string, extra: Record<string, string | number>) => {
    const q = queues.get(channel)!;
    const itemId = id('it');
    emit(
      tracking.eventEnqueued({
        channel,
        item: {
          id: itemId,
          name,
          data: {
            account_id: user,
            create_at: now,
            device_id: 'web_fqzMJVFncMq9nFCyELym',
            browser_id: 'br_7Z1MVMWwy2E5kdnx',
            device_os: 'web',
            plat: 'web',
            app_id: 'atelier-web',
            ...extra,
          },
        },
      }),
      5,
    );
    q.pending.push({ id: itemId, seq: q.nextSeq++ });
    if (q.pending.length >= FLUSH_AT[channel]) {
      const batch = q.pending.splice(0, q.pending.length);
      const batchId = `b${batch[0]!.seq}`;
      emit(tracking.batchSent({ channel, batchId, itemIds: batch.map((i) => i.id) }));
      emit(tracking.batchAcked({ channel, batchId }), 300);
    }
  };

  const perSession = Math.ceil(target / sessions);
  for (let s = 0; s < sessions && out.length < target; s++) {
    shape.sessions++;
    const stop = Math.min(target, out.length + perSession);
    const user = `u${s % 37}`;
    let coins = int(200, 5000);
    const payment = () =>
      billing.paymentInfoReceived({
        info: {
          accountId: user,
          calculateCoins: coins,
          freeCoins: Math.floor(coins / 2),
          tempCoins: 0,
          paidCoins: coins - Math.floor(coins / 2),
          isActive: s % 3 === 0,
          liteIsActive: false,
          productLevel: s % 3 === 0 ? 2 : 0,
          productType: 0,
          vipType: s % 3 === 0 ? 'pro' : '',
          expiryTime: null,
        },
      });
    const unread = () =>
      messages.unreadCountsReceived({
        counts: { likeCol: int(0, 9), com: int(0, 9), fol: int(0, 9), sys: int(0, 2) },
      });
    emit(popups.pageVisited({ route: 'login' }));
    emit(
      session.userInfoSet({
        user: {
          id: user,
          accountName: user,
          name: `Creator ${s}`,
          email: '[email]',
          avatar: `/blobs/avatars/${user}.png`,
          status: 1,
          role: 'user',
        },
      }),
    );
    emit(tasks.taskListReceived({ requestedAt: now, items: [] }));
    emit(payment());
    emit(unread());

    const running = new Map<string, number>();
    const finished: string[] = [];
    const shownNotices: { id: string; until: number }[] = [];
    const itemKeys: string[] = [];
    const authors: string[] = [];
    let chatOpen: string | null = null;
    let chatAt = now;

    for (let second = 0; out.length < stop; second++) {
      now += 1000;
      // Every 3 s, one poll reports each running task.
      if (second % 3 === 0)
        for (const [taskId, progress] of running) {
          const next = Math.min(100, progress + int(8, 25));
          if (next < 100) {
            running.set(taskId, next);
            emit(
              tasks.progressReported({
                id: taskId,
                code: 2,
                progress: next,
                statusDesc: 'rendering',
                estimateMs: null,
              }),
            );
            continue;
          }
          running.delete(taskId);
          finished.push(taskId);
          emit(
            tasks.taskCompleted({
              id: taskId,
              images: [{ url: `/blobs/tasks/${taskId}/0.png`, width: 768, height: 1024 }],
            }),
          );
          const noticeId = id('n');
          emit(
            notices.noticeRaised({
              id: noticeId,
              level: 'success',
              messageKey: 'tasks.completed',
              values: {},
              fallback: null,
              durationMs: 5000,
            }),
          );
          shownNotices.push({ id: noticeId, until: now + 5000 });
        }
      while (shownNotices.length > 0 && shownNotices[0]!.until <= now)
        emit(notices.noticeDismissed({ id: shownNotices.shift()!.id }));

      if (random() < RATE.createTask && running.size < 4) {
        shape.tasks++;
        const taskId = id('t');
        emit(
          tasks.taskCreated({
            id: taskId,
            params: {
              domainType: 0,
              prompt: `${pick(WORDS)} ${pick(WORDS)}`,
              aspectRatio: pick(['1:1', '3:4', '16:9']),
              seed: int(0, 1e9),
            },
            guest: false,
            estimateMs: 12_000,
            createdAt: now,
          }),
        );
        running.set(taskId, 0);
        track('log', 'task_create', user, { task_id: taskId, domain_type: 0 });
        coins = Math.max(0, coins - 10);
        emit(payment());
      }
      if (random() < RATE.pageView) {
        const route = pick(ROUTES);
        emit(popups.pageVisited({ route }));
        track('eventReport', 'page_view', user, {
          path: `/${route}`,
          page_location: `http://atelier.test/${route}`,
        });
        if (route === 'queue' && finished.length > 0) emit(tasks.tasksSeen({ ids: finished.splice(0) }));
      }
      // A tab's list starts over each visit (feed/reset on leaving it); its content renews every 10 sessions.
      const pages = random() < RATE.feedVisit ? int(1, 4) : 0;
      const tab = pick(TABS);
      for (let page = 0; page < pages; page++) {
        shape.feedPages++;
        const offset = page * PAGE;
        const query = feed.buildFeedQuery(tab, { offset });
        emit(feed.pageRequested({ query }), 2000);
        const cards = Array.from({ length: PAGE }, (_, i) => ({
          cardId: `${tab}${Math.floor(s / 10)}-${offset + i}`,
          authorId: `a${int(0, 400)}`,
          objType: OBJ_TYPES[TABS.indexOf(tab)]!,
          likes: int(0, 2000),
        }));
        emit(
          feed.pageLoaded({
            query,
            items: cards.map((c) => ({
              id: c.cardId,
              obj_type: c.objType,
              cardType: CARD_TYPES[TABS.indexOf(tab)]!,
              title: `${pick(WORDS)} ${pick(WORDS)}`,
              cover: { url: `/blobs/covers/${c.cardId}.webp`, width: 512, height: 768 },
              authorId: c.authorId,
              author: { name: `Author ${c.authorId}`, avatar: `/blobs/avatars/${c.authorId}.png` },
              counts: { play: c.likes * 7, task: c.likes },
            })),
            nextOffset: offset + PAGE,
            hasMore: true,
          }),
          300,
        );
        emit(
          social.itemsReceived({
            items: cards.map((c) => ({
              id: c.cardId,
              obj_type: c.objType,
              liked: false,
              collect: null,
              stat: { num_of_like: c.likes, num_of_collection: 0 },
              author: { id: c.authorId, is_follow: false },
            })),
          }),
        );
        for (const c of cards) {
          itemKeys.push(`${c.objType}:${c.cardId}`);
          authors.push(c.authorId);
          track('exposure', 'card_exposure', user, { obj_id: c.cardId, obj_type: c.objType, tab });
        }
      }
      if (pages > 0) emit(feed.feedReset({ tab }), 5000);
      if (random() < RATE.like && itemKeys.length > 0) {
        const opId = id('op');
        emit(social.likeToggled({ key: pick(itemKeys), opId }));
        emit(social.likeConfirmed({ opId }), 200);
      }
      if (random() < RATE.follow && authors.length > 0) {
        const opId = id('op');
        emit(social.followToggled({ authorId: pick(authors), opId }));
        emit(social.followConfirmed({ opId }), 200);
      }
      if (random() < RATE.chatReply) {
        shape.chatReplies++;
        if (chatOpen === null) {
          chatOpen = id('cs');
          emit(chat.sessionOpened({ sessionId: chatOpen, channelId: 'web' }));
          chatAt = now;
          emit(
            chat.historyLoaded({
              sessionId: chatOpen,
              messages: Array.from({ length: 6 }, (_, i) => ({
                serverId: id('m'),
                clientId: null,
                role: i % 2 === 0 ? ('user' as const) : ('assistant' as const),
                content: `${pick(WORDS)} ${pick(WORDS)} ${pick(WORDS)}`,
                createAt: chatAt - (6 - i) * 60_000,
                name: null,
                nameKey: null,
                isOfficialAgent: false,
              })),
              older: { hasMore: true },
            }),
            200,
          );
        }
        const sessionId = chatOpen;
        const mine = id('c');
        chatAt = Math.max(chatAt + 1, now);
        emit(
          chat.messageSent({
            sessionId,
            clientId: mine,
            content: `${pick(WORDS)} ${pick(WORDS)}?`,
            createAt: chatAt,
          }),
        );
        emit(chat.messageAcknowledged({ sessionId, clientId: mine, serverId: id('m') }));
        const reply = id('c');
        emit(
          chat.replyStarted({
            sessionId,
            clientId: reply,
            createAt: chatAt + 1,
            name: 'Luna',
            nameKey: null,
            isOfficialAgent: false,
          }),
        );
        const tokens = int(10, 60);
        for (let index = 0; index < tokens; index++)
          emit(chat.tokenReceived({ sessionId, clientId: reply, index, text: `${pick(WORDS)} ` }), 25);
        emit(chat.replyFinished({ sessionId, clientId: reply, serverId: id('m'), content: null }));
        chatAt += 2;
        if (random() < 0.1) {
          emit(chat.sessionClosed({}));
          chatOpen = null;
        }
      }
      if (random() < RATE.unreadPoll) emit(unread());
      if (random() < RATE.coinRefresh) emit(payment());
    }
    if (chatOpen !== null) emit(chat.sessionClosed({}));
    for (const e of signedOutEvents()) emit(e);
  }
  return { events: out, shape };
};
