import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declares, readContract, type ContractPath } from '../../scripts/api-docs';
import { startTestServer, type TestServer } from '../support/server';

let s: TestServer;
let paths: ContractPath[];
beforeAll(async () => {
  s = await startTestServer({}, false);
  paths = (await readContract()).paths;
});
afterAll(() => s.stop());

describe('the API contract covers the server (issue 4 "every request and response is an io-ts codec in infrastructure/contract")', () => {
  it('every /api/ route the server registers is declared by a contract path', () => {
    const undeclared = s.server.routes
      .filter((r) => r.url.startsWith('/api/'))
      .filter((r) => !paths.some((p) => declares(p.path, r.url)))
      .map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
  });

  it('every contract path under /api/ is served', () => {
    const unserved = paths
      .filter((p) => p.path.startsWith('/api/'))
      .filter((p) => !s.server.routes.some((r) => declares(p.path, r.url)))
      .map((p) => `${p.module}.${p.name} ${p.path}`);
    expect(unserved).toEqual([]);
  });
});
