import { describe, expect, it } from 'vitest';
import { details, evolve, initialRootState } from '../../domain/index.js';
import { loadDetail } from '../../infrastructure/details/commands';
import { artworkRoute, detailRoutes, modelRoute } from '../../src/routes/details';
import { contextOver } from './support';

describe('detail pages (issue 11) ask for their item as the route starts (issue 22)', () => {
  it('every detail route asks for its item before its guard runs, and its loader only waits', () => {
    for (const route of detailRoutes) {
      expect(route.start, route.path).toBeTypeOf('function');
      expect(route.load, route.path).toBeTypeOf('function');
    }
    const { ctx, dispatched } = contextOver(initialRootState);
    modelRoute.start!(ctx, { id: 'mdl-002' }, new URL('http://localhost/models/mdl-002'));
    expect(dispatched).toEqual([loadDetail({ page: 'model', id: 'mdl-002' })]);
  });

  it('an id the server does not know is the not-found page, and the loader asks for nothing more', async () => {
    const missing = evolve(
      initialRootState,
      details.itemFailed({ id: 'art-x', code: details.NOT_FOUND_CODE }),
    );
    const gone = contextOver(missing);
    await expect(
      artworkRoute.load!(gone.ctx, { id: 'art-x' }, new URL('http://localhost/artwork/art-x')),
    ).rejects.toMatchObject({ status: 404 });
    expect(gone.dispatched).toEqual([]);
  });
});
