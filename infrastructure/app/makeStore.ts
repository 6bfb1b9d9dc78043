/**
 * The one store factory of tests, the replay tool and the benchmarks: every epic from the start, each
 * area's module imported statically (the web client loads each when a route needs it: ./registry.ts).
 */
import { billingModule } from '../billing/module';
import { decorationsModule } from '../decorations/module';
import { detailsModule } from '../details/module';
import { downloadsModule } from '../downloads/module';
import { editorModule } from '../editor/module';
import type { EpicModule } from '../epics/module';
import { feedModule } from '../feed/module';
import { moderationModule } from '../moderation/module';
import { postsModule } from '../posts/module';
import { buildStore, type MakeStoreOptions } from '../store/buildStore';
import { chatModule } from '../chat/module';
import { charactersModule } from '../characters/module';
import { streamingModule } from '../streaming/module';
import { searchModule } from '../search/module';
import { studioModule } from '../studio/module';
import { problemReportsModule } from '../support/module';
import { creationModule } from '../tasks/module';
import { laterCoreEpics } from './later';
import { coreEpics } from './registry';

export type { AppDispatch, AppStore, MakeStoreOptions, RootState } from '../store/buildStore';

/** Every area module, in the order the routes of the web client would start them. */
export const areaModules: readonly EpicModule[] = [
  feedModule,
  streamingModule,
  chatModule,
  charactersModule,
  editorModule,
  downloadsModule,
  moderationModule,
  studioModule,
  detailsModule,
  searchModule,
  decorationsModule,
  billingModule,
  postsModule,
  problemReportsModule,
  creationModule,
];

export const makeStore = (options: Omit<MakeStoreOptions, 'core'>) =>
  buildStore({ core: coreEpics, modules: areaModules, later: laterCoreEpics, ...options });
