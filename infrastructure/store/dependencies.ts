import type { SchedulerLike } from 'rxjs';
import type { EventLog } from '../../domain/index.js';
import type { DecorationsDeps } from '../decorations/api';
import type { PaymentInfoApi } from '../billing/api';
import type { BillingDeps } from '../billing/deps';
import type { CharactersDeps } from '../characters/deps';
import type { ChatDeps } from '../chat/deps';
import type { FeedApi } from '../feed/api';
import type { TokenStore } from '../http/tokenStore';
import type { DetailsDeps } from '../details/deps';
import type { PlatformDeps } from '../platform/deps';
import type { SessionApi } from '../session/api';
import type { SocialDeps } from '../social/deps';
import type { StreamingDeps } from '../streaming/deps';
import type { StudioDeps } from '../studio/deps';
import type { SupportDeps } from '../support/api';
import type { CaptchaDeps } from '../tasks/captcha';
import type { TaskApi } from '../tasks/api';
import type { TasksDeps } from '../tasks/deps';
import type { TelemetryDeps } from '../telemetry/deps';
import type { UploadsDeps } from '../uploads/deps';

/**
 * The calls of the areas whose epics run on every page (the session, the header's coins, the
 * square's pages, a task's creation and progress), each defined in its area's api.ts and put
 * together by app/api.ts. Other areas' calls are in their own deps below.
 */
export type Api = SessionApi & PaymentInfoApi & FeedApi & Pick<TaskApi, 'createTask' | 'batchProgress'>;

/** Every capability an epic may use arrives here, injected: nothing is imported by an epic. */
export interface Dependencies {
  readonly api: Api;
  readonly clock: { readonly now: () => number };
  readonly scheduler: SchedulerLike;
  /** Random ids for notices and requests (12 characters, spec §9). */
  readonly ids: () => string;
  /**
   * The bearer token's holder, shared with the HTTP client (which sends and refreshes it). Epics
   * store the login answer's token, clear it on logout and hand it to streaming calls; it never
   * enters an event or the state (issue 9).
   */
  readonly token: TokenStore;
  /** Leaves the current page for another route (set by the view layer). */
  readonly navigate: (to: string) => void;
  /** The page the person is on (path and query), for rules that depend on it (spec §8 tool pages). */
  readonly currentPath: () => string;
  /** Per-area capabilities, each defined beside its epics. */
  readonly tasks: TasksDeps;
  readonly uploads: UploadsDeps;
  /** The audio streams (songs, speech, voice replies) and their playback. */
  readonly streaming: StreamingDeps;
  /** The chat's calls and socket. */
  readonly chat: ChatDeps;
  readonly characters: CharactersDeps;
  readonly studio: StudioDeps;
  readonly telemetry: TelemetryDeps;
  readonly platform: PlatformDeps;
  readonly details: DetailsDeps;
  /** The membership screens' calls and the payment iframe's messages. */
  readonly billing: BillingDeps;
  /** Likes, collects, follows, people and messages, and the browser's connectivity. */
  readonly social: SocialDeps;
  /**
   * The event logs of earlier visits this device kept (issue 24: the browser's IndexedDB ring), to
   * send one of them instead of this visit's; absent where nothing is kept.
   */
  readonly keptLogs?: {
    readonly earlier: () => Promise<readonly { readonly id: string; readonly lastAt: number }[]>;
    readonly read: (visitId: string) => Promise<EventLog | null>;
  };
  /** The session's event log as JSON Lines (set by makeStore from its recorder). */
  readonly eventLog?: () => string;
  /** The same session's events as recorded (set by makeStore): what the log holds, without parsing it. */
  readonly recordedEvents?: () => readonly {
    readonly type: string;
    readonly meta: { readonly at: number };
  }[];
  /** The guest captcha (challenge call and solver); absent: a 20011 answer is reported as is. */
  readonly captcha?: CaptchaDeps;
  /** The decoration calls; absent: the decoration epics do nothing. */
  readonly decorations?: DecorationsDeps;
  /** Support messages, appeals and the guide status; absent: those calls are not made. */
  readonly support?: SupportDeps;
}
