/**
 * The guest captcha flow of spec §4/§7 around task creation: when the server answers 20011
 * (captcha required), fetch a proof-of-work challenge, solve it with the injected solver and
 * send the same request again with the solved token. A wrong or failed solution surfaces as the
 * server's answer (20012), which goes through the error map like any refusal.
 */
import * as E from 'fp-ts/Either';
import { from, mergeMap, of, type Observable } from 'rxjs';
import { errors } from '../../domain/index.js';
import {
  CAPTCHA_CHALLENGE_PATH,
  CaptchaChallenge,
  TASK_CREATE_SCENE,
  leadingZeroBits,
  powInput,
  solutionToken,
} from '../contract/captcha';
import type { TaskCreateRequest } from '../contract/tasks';
import type { ApiResult, HttpClient } from '../http/client';

export interface CaptchaDeps {
  readonly challenge: () => Observable<ApiResult<CaptchaChallenge>>;
  /** Finds a counter whose SHA-256(nonce:counter) has `difficulty` leading zero bits. */
  readonly solve: (nonce: string, difficulty: number) => Observable<number>;
}

/** `create`, retried once with a solved challenge when the server asks for one. */
export const createWithCaptcha =
  <A>(create: (req: TaskCreateRequest) => Observable<ApiResult<A>>, captcha: CaptchaDeps | undefined) =>
  (request: TaskCreateRequest): Observable<ApiResult<A>> =>
    create(request).pipe(
      mergeMap((result) => {
        if (
          captcha === undefined ||
          E.isRight(result) ||
          result.left.kind !== 'api' ||
          result.left.code !== errors.ErrorCodes.captchaRequired
        )
          return of(result);
        return captcha
          .challenge()
          .pipe(
            mergeMap((c) =>
              E.isLeft(c)
                ? of<ApiResult<A>>(c)
                : captcha
                    .solve(c.right.nonce, c.right.difficulty)
                    .pipe(
                      mergeMap((counter) =>
                        create({ ...request, captcha_token: solutionToken(c.right.challenge, counter) }),
                      ),
                    ),
            ),
          );
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
