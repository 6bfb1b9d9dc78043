/**
 * Every area epic module at once, imported statically: what tests, the replay tool and the
 * benchmarks start with the store (`makeStore`). The web client loads each on demand instead
 * (infrastructure/store/modules.ts).
 */
import { streamingModule } from '../streaming/module';
import { studioModule } from '../studio/module';
import { feedModule } from '../feed/module';
import { detailsModule } from '../details/module';
import { decorationsModule } from '../decorations/module';
import { billingModule } from '../billing/module';
import { postsModule } from '../posts/module';
import { problemReportsModule } from '../support/module';
import { creationModule } from '../tasks/module';
import type { EpicModule } from './root';

export const areaModules: readonly EpicModule[] = [
  feedModule,
  streamingModule,
  studioModule,
  detailsModule,
  decorationsModule,
  billingModule,
  postsModule,
  problemReportsModule,
  creationModule,
];
