import type { RefObject } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { images, type tasks } from '../../../../domain/index.js';
import { Button, IconButton, Picture, Slider } from '../../../ui';
import { CloseIcon } from '../../../ui/icons';
import { Uploader } from '../../uploads';
import { MaskPainter, type MaskHandle } from './MaskPainter';
import { ScribbleCanvas, type ScribbleHandle } from './ScribbleCanvas';
import styles from './Tools.module.css';

export const IMAGE_TYPES = 'image/png,image/jpeg,image/webp,image/gif,image/avif';
/** The picked picture beside the video tiers (`.prefill img`). */
const PREFILL_PX = 72;

/** The brush the scribble canvas and the eraser mask share, and what they say once drawn on. */
type Brush = {
  readonly brush: number;
  readonly setBrush: (n: number) => void;
  readonly setDrawn: (drawn: boolean) => void;
};

/** A brush size slider and a clear button, under the scribble canvas or the eraser mask. */
const BrushRow = ({
  min,
  max,
  brush,
  setBrush,
  clear,
}: {
  readonly min: number;
  readonly max: number;
  readonly brush: number;
  readonly setBrush: (n: number) => void;
  readonly clear: () => void;
}) => {
  const intl = useIntl();
  return (
    <div className={styles.row}>
      <Slider
        className={styles.grow}
        label={intl.formatMessage({ id: 'tools.brush' })}
        min={min}
        max={max}
        value={brush}
        onValueChange={setBrush}
      />
      <Button type="button" size="sm" variant="ghost" onClick={clear}>
        <FormattedMessage id="tools.clear" />
      </Button>
    </div>
  );
};

/** A sketch drawn on the canvas, or a picture uploaded instead (the scribble tool). */
const ScribbleInput = ({
  scribble,
  imageField,
  brush,
  setBrush,
  setDrawn,
}: Brush & {
  readonly scribble: RefObject<ScribbleHandle | null>;
  readonly imageField: string;
}) => (
  <div className={styles.group}>
    <p className={styles.legend}>
      <FormattedMessage id="tools.scribble.label" />
    </p>
    <ScribbleCanvas ref={scribble} brush={brush} onDrawn={setDrawn} />
    <BrushRow min={4} max={48} brush={brush} setBrush={setBrush} clear={() => scribble.current?.clear()} />
    <Uploader field={imageField} accept={IMAGE_TYPES} labelId="tools.scribble.upload" taskInput />
  </div>
);

/** The picture of `?image=` (the video generator from a card), with a button to drop it. */
const PrefilledImage = ({ url, clear }: { readonly url: string; readonly clear: () => void }) => {
  const intl = useIntl();
  return (
    <div className={styles.prefill} data-testid="prefill-image">
      <Picture
        {...images.pictureOf(url, PREFILL_PX)}
        width={PREFILL_PX}
        height={PREFILL_PX}
        alt={intl.formatMessage({ id: 'tools.video.prefilled' })}
      />
      <span>
        <FormattedMessage id="tools.video.prefilled" />
      </span>
      <IconButton size="sm" label={intl.formatMessage({ id: 'tools.video.clearPrefill' })} onClick={clear}>
        <CloseIcon />
      </IconButton>
    </div>
  );
};

/** The tool's picture: drawn (scribble), pre-filled from the address, or uploaded. */
export const ToolImageInput = ({
  spec,
  scribble,
  imageField,
  prefill,
  clearPrefill,
  brush,
  setBrush,
  setDrawn,
}: Brush & {
  readonly spec: tasks.ToolSpec;
  readonly scribble: RefObject<ScribbleHandle | null>;
  readonly imageField: string;
  readonly prefill: string | null;
  readonly clearPrefill: () => void;
}) => {
  if (spec.image.source === 'scribble')
    return (
      <ScribbleInput
        scribble={scribble}
        imageField={imageField}
        brush={brush}
        setBrush={setBrush}
        setDrawn={setDrawn}
      />
    );
  if (prefill !== null) return <PrefilledImage url={prefill} clear={clearPrefill} />;
  if (spec.image.need === 'none') return null;
  return (
    <Uploader
      field={imageField}
      accept={IMAGE_TYPES}
      labelId={spec.image.need === 'optional' ? 'tools.image.optional' : `tools.${spec.key}.image`}
      pasteAnywhere={!spec.secondImage}
      taskInput
    />
  );
};

/** The eraser: paint over the picture what is to go. */
export const MaskField = ({
  mask,
  imageUrl,
  brush,
  setBrush,
  setDrawn,
}: Brush & {
  readonly mask: RefObject<MaskHandle | null>;
  readonly imageUrl: string;
}) => (
  <div className={styles.group}>
    <p className={styles.legend}>
      <FormattedMessage id="tools.eraser.paint" />
    </p>
    <MaskPainter ref={mask} imageUrl={imageUrl} brush={brush} onPainted={setDrawn} />
    <BrushRow min={8} max={96} brush={brush} setBrush={setBrush} clear={() => mask.current?.clear()} />
  </div>
);
