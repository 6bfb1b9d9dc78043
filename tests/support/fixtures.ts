/**
 * Values the tests build again and again: a coin balance as billing holds it, an ornament the
 * person owns, and a task as the server answers it. One home, so a change of a shape is mended once.
 */
import { tasks, type billing, type decorations } from '../../domain/index.js';
import type { TaskItem } from '../../infrastructure/contract/tasks';

/** A balance of `free` free coins and `paid` paid ones; an active membership is a 'pro' one. */
export const paymentInfo = (free: number, paid = 0, active = false): billing.PaymentInfo => ({
  accountId: 'u',
  calculateCoins: free + paid,
  freeCoins: free,
  tempCoins: 0,
  paidCoins: paid,
  isActive: active,
  liteIsActive: false,
  productLevel: 0,
  productType: 0,
  vipType: active ? 'pro' : '',
  expiryTime: null,
});

/** A subscription's status as the server answers it: nothing paused, cancelled, changed or on trial. */
export const subscriptionStatus = (
  over: Partial<billing.SubscriptionStatus> = {},
): billing.SubscriptionStatus => ({
  isPause: false,
  pauseMonth: 0,
  pauseStartAt: null,
  pauseEndAt: null,
  freeMonthStatus: 0,
  freeMonthStartAt: null,
  freeMonthEndAt: null,
  cancelAt: null,
  prevProduct: null,
  nextProduct: null,
  nextProductActiveAt: null,
  isTrial: false,
  ...over,
});

/** An ornament the person owns, worn or not. */
export const ornament = (
  id: string,
  type: 'avatarBox' | 'productionBox' = 'avatarBox',
  wearing = false,
): decorations.Ornament => ({
  id,
  type,
  name: id,
  preview: { url: `/${id}.png`, width: 192, height: 192 },
  price: 300,
  stock: 5,
  is_owned: true,
  is_wearing: wearing,
  buy_at: 1,
  sold: 1,
});

/** A text-to-image task as the task calls answer it: `status` 1 queued, 2 running, 3 done, 4 failed. */
export const taskItem = (
  id: string,
  status: number,
  process: number,
  over: Partial<TaskItem> = {},
): TaskItem => ({
  id,
  status,
  process,
  status_desc: '',
  img_uris: status === 3 ? [{ url: `/blobs/${id}.png`, width: 8, height: 8 }] : [],
  estimate_time: 20,
  create_at: 0,
  domain_type: 0,
  prompt: id,
  aspect_ratio: '1:1',
  ...over,
});

/** A text-to-image task created at `createdAt` (a guest's unless said), as the create epic records it. */
export const taskCreated = (id: string, { guest = true, createdAt = 0 } = {}) =>
  tasks.taskCreated({
    id,
    params: { domainType: 0, prompt: id, aspectRatio: '1:1', seed: null },
    guest,
    estimateMs: null,
    createdAt,
  });
