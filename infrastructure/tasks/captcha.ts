/**
 * The guest captcha flow of spec §4/§7 around task creation: when the server answers 20011
 * (captcha required), fetch a proof-of-work challenge, solve it with the injected solver and
 * send the same request again with the solved token. A wrong or failed solution surfaces as the
 * server's answer (20012), which goes through the error map like any refusal. Each phase is
 * recorded as a `captcha/*` event (never the challenge or the solved token: no credential in the log).
 */
import * as E from 'fp-ts/Either';
import { catchError, concat, from, mergeMap, of, type Observable } from 'rxjs';
import { captcha, errors } from '../../domain/index.js';
import {
  CAPTCHA_CHALLENGE_PATH,
  CaptchaChallenge,
  TASK_CREATE_SCENE,
  leadingZeroBits,
  powInput,
  solutionToken,
} from '../contract/captcha';
import type { TaskCreateRequest } from '../contract/tasks';
import type { Action } from '../epics/types';
import type { ApiResult, HttpClient } from '../http/client';

export interface CaptchaDeps {
  readonly challenge: () => Observable<ApiResult<CaptchaChallenge>>;
  /** Finds a counter whose SHA-256(nonce:counter) has `difficulty` leading zero bits. */
  readonly solve: (nonce: string, difficulty: number) => Observable<number>;
}

const verdict = (result: ApiResult<unknown>): Action => {
  if (E.isRight(result) || result.left.kind !== 'api') return captcha.verificationPassed({});
  const { code } = result.left;
  return code === errors.ErrorCodes.captchaInvalid || code === errors.ErrorCodes.captchaRequired
    ? captcha.verificationFailed({ code })
    : // The solution was accepted; the create failed for another reason, reported as it is.
      captcha.verificationPassed({});
};

/**
 * `create`, retried once with a solved challenge when the server asks for one. Emits the actions
 * `toActions` makes of the final answer, preceded by the verification's phases (spec §4 captcha:
 * required -> solving -> passed or failed) for the domain's `captcha` context.
 */
export const createWithCaptcha =
  <A>(create: (req: TaskCreateRequest) => Observable<ApiResult<A>>, deps: CaptchaDeps | undefined) =>
  (request: TaskCreateRequest, toActions: (result: ApiResult<A>) => readonly Action[]): Observable<Action> =>
    create(request).pipe(
      mergeMap((result): Observable<Action> => {
        if (
          deps === undefined ||
          E.isRight(result) ||
          result.left.kind !== 'api' ||
          result.left.code !== errors.ErrorCodes.captchaRequired
        )
          return from(toActions(result));
        const solved$ = deps.challenge().pipe(
          mergeMap((c): Observable<Action> => {
            if (E.isLeft(c))
              return from([
                captcha.verificationFailed({ code: c.left.kind === 'api' ? c.left.code : null }),
                ...toActions(E.left(c.left)),
              ]);
            const retried$ = deps.solve(c.right.nonce, c.right.difficulty).pipe(
              mergeMap((counter) =>
                create({ ...request, captcha_token: solutionToken(c.right.challenge, counter) }),
              ),
              mergeMap((r): Action[] => [verdict(r), ...toActions(r)]),
              // A solver that breaks ends the verification, not the epic.
              catchError(() => of(captcha.verificationFailed({ code: null }))),
            );
            return concat(of(captcha.solvingStarted({ difficulty: c.right.difficulty })), retried$);
          }),
        );
        return concat(of(captcha.verificationRequired({})), solved$);
      }),
    );

/** The browser solver: Web Crypto SHA-256, hashed in batches so the page stays responsive. */
export const webCryptoSolve = (subtle: SubtleCrypto) => (nonce: string, difficulty: number) =>
  from(
    (async () => {
      const encoder = new TextEncoder();
      for (let start = 0; ; start += 256) {
        const digests = await Promise.all(
          Array.from({ length: 256 }, (_, i) =>
            subtle.digest('SHA-256', encoder.encode(powInput(nonce, start + i))),
          ),
        );
        const hit = digests.findIndex((d) => leadingZeroBits(new Uint8Array(d)) >= difficulty);
        if (hit >= 0) return start + hit;
      }
    })(),
  );

export const browserCaptchaDeps = (http: HttpClient, subtle: SubtleCrypto): CaptchaDeps => ({
  challenge: () => http.post(CAPTCHA_CHALLENGE_PATH, { scene: TASK_CREATE_SCENE }, CaptchaChallenge),
  solve: webCryptoSolve(subtle),
});
