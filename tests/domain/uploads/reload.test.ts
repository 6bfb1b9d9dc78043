/**
 * Issue 13 (spec §5 uploads are chunked and resumable): "an upload interrupted by a reload
 * continues by itself". Which interrupted uploads go on, which ask for their file again, which
 * kept files make room; and how such uploads show in their slots.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as up from '../../../domain/uploads/index.js';
import { givenIn } from '../../support/context-spec.js';

const given = givenIn(up.uploadsContext);
const NOW = 1_000_000;

const remembered = (
  key: string,
  account: string | null | undefined,
  expiresAt = NOW + 1,
): up.InterruptedUpload => ({
  key,
  account,
  expiresAt,
});

describe('uploads after a reload: "an interrupted upload of this account, not expired, whose file was kept, continues by itself"', () => {
  it("continues the signed-in account's upload whose file was kept", () => {
    expect(up.afterReload(remembered('f1', 'u1'), 'u1', NOW, true)).toBe('resume');
  });
  it('asks for the file again when the device no longer has it ("Pick the file again to continue")', () => {
    expect(up.afterReload(remembered('f1', 'u1'), 'u1', NOW, false)).toBe('pickAgain');
  });
  it("never continues another account's upload, nor a guest's for an account, nor an account's for a guest", () => {
    expect(up.afterReload(remembered('f1', 'u2'), 'u1', NOW, true)).toBe('notMine');
    expect(up.afterReload(remembered('f1', null), 'u1', NOW, true)).toBe('notMine');
    expect(up.afterReload(remembered('f1', 'u1'), null, NOW, true)).toBe('notMine');
    expect(up.afterReload(remembered('f1', null), null, NOW, true)).toBe('resume');
  });
  it("never continues by itself a record that does not say whose it is (an older client's)", () => {
    expect(up.afterReload(remembered('f1', undefined), 'u1', NOW, true)).toBe('notMine');
    expect(up.afterReload(remembered('f1', undefined), null, NOW, true)).toBe('notMine');
  });
  it('forgets one the server no longer holds (its expiry passed, the moment itself included)', () => {
    expect(up.afterReload(remembered('f1', 'u1', NOW), 'u1', NOW, true)).toBe('expired');
    expect(up.afterReload(remembered('f1', 'u1', NOW - 1), 'u1', NOW, false)).toBe('expired');
  });
  it("plans every remembered upload in order, leaving out another account's", () => {
    const plan = up.planAfterReload(
      [remembered('a', 'u1'), remembered('b', 'u2'), remembered('c', 'u1'), remembered('d', 'u1', NOW - 5)],
      'u1',
      NOW,
      new Set(['a', 'b', 'd']),
    );
    expect(plan.resume.map((u) => u.key)).toEqual(['a']);
    expect(plan.pickAgain.map((u) => u.key)).toEqual(['c']);
    expect(plan.expired.map((u) => u.key)).toEqual(['d']);
  });

  it('plans again when someone signs in later on the page, leaving the uploads the page already has as they are', () => {
    const plan = up.planAfterReload(
      [remembered('a', 'u1'), remembered('b', 'u1'), remembered('c', 'u1'), remembered('d', 'u1', NOW - 5)],
      'u1',
      NOW,
      new Set(['a', 'b']),
      new Set(['a', 'c', 'd']),
    );
    expect([plan.resume, plan.pickAgain, plan.expired].map((l) => l.map((u) => u.key))).toEqual([
      ['b'],
      [],
      [],
    ]);
  });

  const arbUpload = fc.record({
    key: fc.string({ minLength: 1, maxLength: 4 }),
    account: fc.constantFrom<string | null | undefined>('u1', 'u2', null, undefined),
    expiresAt: fc.integer({ min: NOW - 10, max: NOW + 10 }),
  });

  it("property: what continues is exactly this account's, unexpired, with a kept file, not already on the page; nothing of another account is touched", () => {
    fc.assert(
      fc.property(
        fc.array(arbUpload, { maxLength: 12 }),
        fc.constantFrom<string | null>('u1', 'u2', null),
        fc.array(fc.string({ minLength: 1, maxLength: 4 }), { maxLength: 12 }),
        fc.array(fc.string({ minLength: 1, maxLength: 4 }), { maxLength: 6 }),
        (list, account, keptKeys, onPageKeys) => {
          const kept = new Set(keptKeys);
          const onPage = new Set(onPageKeys);
          const plan = up.planAfterReload(list, account, NOW, kept, onPage);
          const mine = list.filter(
            (u) => u.account !== undefined && u.account === account && !onPage.has(u.key),
          );
          expect(plan.resume).toEqual(mine.filter((u) => NOW < u.expiresAt && kept.has(u.key)));
          expect(plan.pickAgain).toEqual(mine.filter((u) => NOW < u.expiresAt && !kept.has(u.key)));
          expect(plan.expired).toEqual(mine.filter((u) => !(NOW < u.expiresAt)));
          for (const u of [...plan.resume, ...plan.pickAgain, ...plan.expired])
            expect(u.account).toBe(account);
        },
      ),
    );
  });
});

describe('uploads after a reload: the kept files stay in step with the 8 remembered uploads and 200 MiB', () => {
  const MIB = up.MIB;
  it('drops a kept file no remembered upload needs', () => {
    expect(
      up.keptFilesToDrop(
        [
          { key: 'a', bytes: 10, keptAt: 1 },
          { key: 'b', bytes: 10, keptAt: 2 },
        ],
        new Set(['b']),
      ),
    ).toEqual(['a']);
  });
  it('past 200 MiB the oldest go first, even smaller ones', () => {
    const drop = up.keptFilesToDrop(
      [
        { key: 'old-small', bytes: 1 * MIB, keptAt: 1 },
        { key: 'mid', bytes: 120 * MIB, keptAt: 2 },
        { key: 'new', bytes: 100 * MIB, keptAt: 3 },
      ],
      new Set(['old-small', 'mid', 'new']),
    );
    expect([...drop].sort()).toEqual(['mid', 'old-small']);
  });
  it('a file over 200 MiB on its own is not kept at all', () => {
    expect(up.mayKeepFile(200 * MIB)).toBe(true);
    expect(up.mayKeepFile(200 * MIB + 1)).toBe(false);
    expect(up.INTERRUPTED_UPLOAD_LIMIT).toBe(8);
  });
  it('property: what stays is needed, fits in the limit, and is newer than everything dropped for room', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(
          fc.record({
            key: fc.string({ minLength: 1, maxLength: 3 }),
            bytes: fc.integer({ min: 0, max: 120 * MIB }),
            keptAt: fc.integer({ min: 0, max: 50 }),
          }),
          { selector: (k) => k.key, maxLength: 10 },
        ),
        fc.array(fc.string({ minLength: 1, maxLength: 3 }), { maxLength: 10 }),
        (kept, liveKeys) => {
          const live = new Set(liveKeys);
          const drop = new Set(up.keptFilesToDrop(kept, live));
          const stays = kept.filter((k) => !drop.has(k.key));
          for (const k of stays) expect(live.has(k.key)).toBe(true);
          expect(stays.reduce((n, k) => n + k.bytes, 0)).toBeLessThanOrEqual(up.KEPT_FILE_BYTES_LIMIT);
          const droppedForRoom = kept.filter((k) => drop.has(k.key) && live.has(k.key));
          for (const s of stays)
            for (const d of droppedForRoom) expect(s.keptAt).toBeGreaterThanOrEqual(d.keptAt);
        },
      ),
    );
  });
});

describe('uploads after a reload: how they show in their slots', () => {
  const file = { name: 'take.wav', size: 40, mime: 'audio/wav', kind: 'audio' as const };
  const interrupted = up.uploadInterrupted({
    id: 'i1',
    field: 'editor-audio-1',
    file,
    guest: false,
    fileId: 'f1',
    confirmedBytes: 16,
  });

  it('one whose file is gone shows in its slot with what the server had and "Pick the file again to continue"', () => {
    const out = given().when(interrupted);
    expect(out.violation).toBeNull();
    const u = out.state.byId.i1!;
    expect(u.phase).toEqual({ status: 'error', messageKey: 'upload.pickAgain', confirmedBytes: 16 });
    expect(u.afterReload).toEqual({ kind: 'pickAgain', fileId: 'f1' });
    expect(up.selectUploadProgress(out.state, 'i1')).toBeCloseTo(0.4);
    // Shown once, however often it is told.
    expect(
      given(interrupted).when({ ...interrupted, payload: { ...interrupted.payload, id: 'i2' } }).state.order,
    ).toEqual(['i1']);
  });

  it('the same file picked again, in another slot, takes its place', () => {
    const out = given(interrupted).when(
      up.uploadStarted({ id: 'u2', field: 'editor-audio-2', file, guest: false, resumeOf: 'f1' }),
    );
    expect(out.violation).toBeNull();
    expect(out.state.order).toEqual(['u2']);
    expect(out.state.byId.u2!.afterReload).toBeUndefined();
  });

  it('another file picked into its slot takes its place; a file elsewhere leaves it', () => {
    const other = { ...file, name: 'other.wav' };
    expect(
      given(interrupted).when(
        up.uploadStarted({ id: 'u2', field: 'editor-audio-1', file: other, guest: false }),
      ).state.order,
    ).toEqual(['u2']);
    expect(
      given(interrupted).when(
        up.uploadStarted({ id: 'u2', field: 'editor-audio-9', file: other, guest: false }),
      ).state.order,
    ).toEqual(['u2', 'i1']);
  });

  it('the uploads the page has, by their server file id, and the ones waiting for their file (they leave when someone else signs in or out)', () => {
    const out = given(
      interrupted,
      up.uploadStarted({ id: 'u2', field: 'voice-audio-x', file, guest: false }),
      up.uploadSigned({ id: 'u2', fileId: 'f2', preSigns: ['p0', 'p1'], chunkSize: 20 }),
      up.uploadStarted({ id: 'u3', field: 'voice-audio-y', file, guest: false }),
    ).state;
    expect([...up.selectUploadKeysOnPage(out)].sort()).toEqual(['f1', 'f2']);
    expect(up.selectUploadsWaitingForFile(out)).toEqual(['i1']);
  });

  it('one that went on by itself is marked "Resumed after reload"', () => {
    const out = given().when(
      up.uploadStarted({
        id: 'u3',
        field: 'editor-audio-1',
        file,
        guest: false,
        resumeOf: 'f1',
        afterReload: true,
      }),
    );
    expect(out.state.byId.u3!.afterReload).toEqual({ kind: 'resumed', fileId: 'f1' });
  });
});
