/**
 * The decoration calls (spec §7 "Decoration list, buy, use, unload, history"; the stats and
 * preview items of §3), typed from the shared contract. Injected into the epics as
 * `Dependencies.decorations`, so tests pass a fake.
 */
import type { Observable } from 'rxjs';
import {
  ORNAMENT_BUY_PATH,
  ORNAMENT_HISTORY_PATH,
  ORNAMENT_LIST_PATH,
  ORNAMENT_PREVIEW_PATH,
  ORNAMENT_STATS_PATH,
  ORNAMENT_UNLOAD_PATH,
  ORNAMENT_USE_PATH,
  DecorationStats,
  OrnamentBuyRequest,
  OrnamentBuyResponse,
  OrnamentHistoryRequest,
  OrnamentHistoryResponse,
  OrnamentItemResponse,
  OrnamentListRequest,
  OrnamentListResponse,
  OrnamentPreviewResponse,
  OrnamentUseRequest,
} from '../contract/decorations';
import type { ApiResult, HttpClient } from '../http/client';

export interface DecorationsApi {
  readonly list: (req: OrnamentListRequest) => Observable<ApiResult<OrnamentListResponse>>;
  readonly buy: (req: OrnamentBuyRequest) => Observable<ApiResult<OrnamentBuyResponse>>;
  readonly use: (req: OrnamentUseRequest) => Observable<ApiResult<OrnamentItemResponse>>;
  readonly unload: (req: OrnamentUseRequest) => Observable<ApiResult<OrnamentItemResponse>>;
  readonly history: (req: OrnamentHistoryRequest) => Observable<ApiResult<OrnamentHistoryResponse>>;
  readonly stats: () => Observable<ApiResult<DecorationStats>>;
  readonly previews: () => Observable<ApiResult<OrnamentPreviewResponse>>;
}

export interface DecorationsDeps {
  readonly api: DecorationsApi;
}

export const makeDecorationsApi = (http: HttpClient): DecorationsApi => ({
  list: (req) => http.post(ORNAMENT_LIST_PATH, OrnamentListRequest.encode(req), OrnamentListResponse),
  buy: (req) => http.post(ORNAMENT_BUY_PATH, OrnamentBuyRequest.encode(req), OrnamentBuyResponse),
  use: (req) => http.post(ORNAMENT_USE_PATH, OrnamentUseRequest.encode(req), OrnamentItemResponse),
  unload: (req) => http.post(ORNAMENT_UNLOAD_PATH, OrnamentUseRequest.encode(req), OrnamentItemResponse),
  history: (req) =>
    http.post(ORNAMENT_HISTORY_PATH, OrnamentHistoryRequest.encode(req), OrnamentHistoryResponse),
  stats: () => http.post(ORNAMENT_STATS_PATH, {}, DecorationStats),
  previews: () => http.post(ORNAMENT_PREVIEW_PATH, {}, OrnamentPreviewResponse),
});

export const browserDecorationsDeps = (http: HttpClient): DecorationsDeps => ({
  api: makeDecorationsApi(http),
});
