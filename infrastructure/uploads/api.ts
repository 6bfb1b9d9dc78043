/**
 * The upload calls of spec §7, one function per call, built on the HTTP client and the shared
 * contract (infrastructure/contract/uploads.ts): every answer is decoded at the boundary.
 */
import type { Observable } from 'rxjs';
import {
  AUDIO_CHUNK_CONFIRM_PATH,
  AUDIO_FILE_CONFIRM_PATH,
  AUDIO_PRE_CONFIG_PATH,
  AudioFileConfirmResponse,
  AudioPreConfigResponse,
  ChunkCheckResponse,
  ChunkSignResponse,
  FileConfirmResponse,
  GUEST_FIELDS_SAVE_PATH,
  GuestFieldsResponse,
  ImageConfirmResponse,
  UPLOAD_CHUNK_CHECK_PATH,
  UPLOAD_CHUNK_SIGN_PATH,
  UPLOAD_CONFIG_PATH,
  UPLOAD_FILE_CONFIRM_PATH,
  UPLOAD_IMAGE_CONFIRM_PATH,
  UPLOAD_PRE_SIGN_PATH,
  UploadConfigResponse,
  UploadPreSignResponse,
  type AudioPreConfigRequest,
  type ChunkCheckRequest,
  type ChunkSignRequest,
  type FileConfirmRequest,
  type GuestFieldsSaveRequest,
  type ImageConfirmRequest,
  type UploadConfigRequest,
  type UploadPreSignRequest,
} from '../contract/uploads';
import type { ApiResult, HttpClient } from '../http/client';

type Call<Req, Res> = (req: Req) => Observable<ApiResult<Res>>;

export interface UploadsApi {
  readonly config: Call<UploadConfigRequest, UploadConfigResponse>;
  readonly preSign: Call<UploadPreSignRequest, UploadPreSignResponse>;
  /** Where the config answered `sign_chunks`: a chunk's URL with its Content-MD5 signed in. */
  readonly signChunk: Call<ChunkSignRequest, ChunkSignResponse>;
  readonly checkChunk: Call<ChunkCheckRequest, ChunkCheckResponse>;
  readonly confirmFile: Call<FileConfirmRequest, FileConfirmResponse>;
  readonly confirmImage: Call<ImageConfirmRequest, ImageConfirmResponse>;
  readonly audioPreConfig: Call<AudioPreConfigRequest, AudioPreConfigResponse>;
  readonly audioChunkConfirm: Call<ChunkCheckRequest, ChunkCheckResponse>;
  readonly audioFileConfirm: Call<FileConfirmRequest, AudioFileConfirmResponse>;
  readonly guestFieldsSave: Call<GuestFieldsSaveRequest, GuestFieldsResponse>;
}

export const makeUploadsApi = (http: HttpClient): UploadsApi => ({
  config: (req) => http.post(UPLOAD_CONFIG_PATH, req, UploadConfigResponse),
  preSign: (req) => http.post(UPLOAD_PRE_SIGN_PATH, req, UploadPreSignResponse),
  signChunk: (req) => http.post(UPLOAD_CHUNK_SIGN_PATH, req, ChunkSignResponse),
  checkChunk: (req) => http.post(UPLOAD_CHUNK_CHECK_PATH, req, ChunkCheckResponse),
  confirmFile: (req) => http.post(UPLOAD_FILE_CONFIRM_PATH, req, FileConfirmResponse),
  confirmImage: (req) => http.post(UPLOAD_IMAGE_CONFIRM_PATH, req, ImageConfirmResponse),
  audioPreConfig: (req) => http.post(AUDIO_PRE_CONFIG_PATH, req, AudioPreConfigResponse),
  audioChunkConfirm: (req) => http.post(AUDIO_CHUNK_CONFIRM_PATH, req, ChunkCheckResponse),
  audioFileConfirm: (req) => http.post(AUDIO_FILE_CONFIRM_PATH, req, AudioFileConfirmResponse),
  guestFieldsSave: (req) => http.post(GUEST_FIELDS_SAVE_PATH, req, GuestFieldsResponse),
});
