/** The part of s3rver's API the tests use (the package ships no types). */
declare module 's3rver' {
  import type { IncomingHttpHeaders, IncomingMessage, Server } from 'node:http';

  interface KoaContext {
    readonly method: string;
    readonly path: string;
    readonly querystring: string;
    readonly query: Record<string, string | string[] | undefined>;
    readonly headers: IncomingHttpHeaders;
    /** The request as a stream (Koa's `ctx.req`; s3rver reads a part's bytes from it). */
    req: IncomingMessage;
    status: number;
    body: unknown;
    type: string;
    get(header: string): string;
    set(header: string, value: string): void;
  }

  type Middleware = (ctx: KoaContext, next: () => Promise<void>) => Promise<void>;

  interface S3rverOptions {
    readonly address?: string;
    readonly port?: number;
    readonly directory: string;
    readonly silent?: boolean;
    readonly resetOnClose?: boolean;
    readonly configureBuckets?: readonly { readonly name: string; readonly configs?: readonly string[] }[];
  }

  export default class S3rver {
    constructor(options: S3rverOptions);
    /** Koa's middleware list, composed when the server starts listening. */
    readonly middleware: Middleware[];
    readonly store: {
      getResourcePath(bucket: string, key: string | undefined, resource: string): string;
      /** Stores one part of a multipart upload; answers its size and hex MD5. */
      putPart(
        bucket: string,
        uploadId: string,
        partNumber: number,
        content: NodeJS.ReadableStream,
      ): Promise<{ size: number; md5: string }>;
    };
    readonly httpServer: Server;
    run(): Promise<{ readonly address: string; readonly port: number }>;
    close(): Promise<void>;
  }
}
