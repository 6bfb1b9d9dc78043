import { uploads, type DomainEvent, type UnstampedEvent } from '../../../domain/index.js';

type UnstampedUploadEvent = uploads.UploadEvent extends infer Ev
  ? Ev extends DomainEvent<infer T, infer P>
    ? UnstampedEvent<T, P>
    : never
  : never;

/** The one upload this run drives, folded from its own events by the domain reducer. */
export class UploadModel {
  private state: uploads.UploadsState = uploads.initialUploadsState;
  constructor(
    readonly id: string,
    private readonly now: () => number,
  ) {}
  readonly emit = <A extends UnstampedUploadEvent>(event: A): A => {
    const stamped = {
      ...(event as UnstampedUploadEvent),
      meta: { seq: 0, at: this.now() },
    } as uploads.UploadEvent;
    this.state = uploads.evolveUploads(this.state, stamped);
    return event;
  };
  upload(): uploads.Upload | undefined {
    return this.state.byId[this.id];
  }
  pending(): Extract<uploads.UploadPhase, { status: 'pending' }> | null {
    const phase = this.upload()?.phase;
    return phase?.status === 'pending' ? phase : null;
  }
  running(): boolean {
    const u = this.upload();
    return u !== undefined && uploads.isRunning(u.phase);
  }
}
