/** The marketing calls (testimonials, the season's campaigns) on the shared HTTP client. */
import type { Observable } from 'rxjs';
import {
  CAMPAIGN_LIST_PATH,
  CampaignListResponse,
  TESTIMONIAL_LIST_PATH,
  TestimonialListResponse,
  type CampaignListRequest,
  type TestimonialListRequest,
} from '../contract/marketing';
import type { ApiResult, HttpClient } from '../http/client';

export interface MarketingApi {
  readonly listTestimonials: (req?: TestimonialListRequest) => Observable<ApiResult<TestimonialListResponse>>;
  readonly listCampaigns: (req?: CampaignListRequest) => Observable<ApiResult<CampaignListResponse>>;
}

export const makeMarketingApi = (http: HttpClient): MarketingApi => ({
  listTestimonials: (req = {}) => http.post(TESTIMONIAL_LIST_PATH, req, TestimonialListResponse),
  listCampaigns: (req = {}) => http.post(CAMPAIGN_LIST_PATH, req, CampaignListResponse),
});
