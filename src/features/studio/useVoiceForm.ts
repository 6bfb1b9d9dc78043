import { useMemo, useState, type FormEvent } from 'react';
import { audio, studio } from '../../../domain/index.js';
import { createVoice } from '../../../infrastructure/studio/commands';
import { useAppDispatch } from '../../../infrastructure/store/hooks';
import { useResource, useRunId, useSlotUploads } from './useStudio';

export const COVER_FIELD = 'voice-cover';
export const AUDIO_PREFIX = 'voice-audio-';

/** One recording of the list, with the upload slot it came from. */
export type VoiceAudioItem = audio.VoiceAudio & { field: string };

/** The voice the server made, as its result holds it. */
export type CreatedVoice = Extract<
  ReturnType<typeof useResource<'voice'>>,
  { readonly status: 'loaded' }
>['value']['voice'];

/**
 * The voice form's state (spec §3, §5): the choices, the cover and recordings as uploads (at the
 * limit, a newer recording replaces the first), the domain's errors, the create command, and the
 * voice made by this visit's run.
 */
export const useVoiceForm = () => {
  const dispatch = useAppDispatch();
  const covers = useSlotUploads(COVER_FIELD);
  const audioUploads = useSlotUploads(AUDIO_PREFIX);
  const [gender, setGender] = useState<string | null>(null);
  const [age, setAge] = useState<string | null>(null);
  const [langs, setLangs] = useState<readonly audio.AudioLanguage[]>([]);
  const [tones, setTones] = useState<readonly audio.VoiceTone[]>([]);
  const [name, setName] = useState('');
  const [text, setText] = useState('');
  const [tagText, setTagText] = useState('');
  const [publish, setPublish] = useState(false);
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  const [touched, setTouched] = useState(false);
  const runId = useRunId('voice');
  // The voice made before this visit is not this form's answer.
  const [seenRun, setSeenRun] = useState(runId);
  const created = useResource(studio.studioKey.voice(runId ?? ''), 'voice');

  const cover = covers[0]?.url ?? null;
  // Spec §5: the list keeps at most VOICE_AUDIO_LIMIT files; a newer one replaces the first.
  const audios = useMemo(
    () =>
      audioUploads
        .filter((u) => u.url !== null && !removed.has(u.field))
        .reduce<readonly VoiceAudioItem[]>(
          (list, u) =>
            audio.addAudio(
              list,
              { url: u.url!, name: u.name, duration: 0, field: u.field },
              audio.VOICE_AUDIO_LIMIT,
            ),
          [],
        ),
    [audioUploads, removed],
  );
  const unfinishedAudio = audioUploads.filter((u) => u.status !== 'complete' && !removed.has(u.field));
  const tags = studio.parseTags(tagText);
  const form: audio.VoiceForm = {
    cover,
    gender,
    age,
    langs,
    tones,
    name,
    text,
    tag: tags.length === 0 ? null : tags,
    publishStatus: publish ? 1 : 0,
    audios,
  };
  const errors = audio.validateVoiceForm(form);
  const errorKeyOf = (field: audio.VoiceFormField) => {
    const e = touched ? errors.find((x) => x.field === field) : undefined;
    return e?.messageKey;
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (errors.length > 0 || cover === null || gender === null || age === null) return;
    dispatch(
      createVoice({
        request: {
          cover,
          gender: gender as audio.VoiceGender,
          age: age as audio.VoiceAge,
          langs: [...langs],
          tones: [...tones],
          name: name.trim(),
          text,
          audios: audios.map((a) => ({ url: a.url, name: a.name, duration: a.duration })),
          ...(tags.length === 0 ? {} : { tag: [...tags] }),
          publish_status: publish ? 1 : 0,
        } as never,
      }),
    );
  };

  const createdVoice =
    runId !== null && runId !== seenRun && created.status === 'loaded' ? created.value.voice : null;
  return {
    fields: { gender, age, langs, tones, name, text, tagText, publish },
    setGender,
    setAge,
    setLangs,
    setTones,
    setName,
    setText,
    setTagText,
    setPublish,
    remove: (field: string) => setRemoved(new Set([...removed, field])),
    audios,
    unfinishedAudio,
    errors,
    touched,
    errorKeyOf,
    submit,
    createdVoice,
    another: () => setSeenRun(runId),
  };
};
