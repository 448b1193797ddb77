import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import gifTool from '#shared/tools/gif-to-pdf';
import jpgTool, { IMAGE_FRAMES, IMAGE_MARGINS, IMAGE_PAGE_SIZES, IMAGE_RESIZES, MAX_RESIZE_PX, type ImageResize } from '#shared/tools/jpg-to-pdf';
import { useLang } from '~/lib/i18n';
import type { FileItem } from './flow-state';
import { ChoiceGroup, SelectField } from './options-fields';
import { defineOptions, type OptionsOutcome, type OptionsPanelProps, type RequestFields } from './options-types';

type ImageRequest = z.input<typeof gifTool.options>;
type Frames = (typeof IMAGE_FRAMES)[number];
type PageSize = (typeof IMAGE_PAGE_SIZES)[number];
type Margin = (typeof IMAGE_MARGINS)[number];

export interface ImagesOptions {
  /** One PDF for every image, or one PDF per image. */
  merge: boolean;
  resize: ImageResize;
  /** The custom size as typed, in pixels. */
  width: string;
  height: string;
  frames: Frames;
  /** The image's own size, or a sheet of paper the image is fitted on, with a margin. */
  pagesize: PageSize;
  margin: Margin;
}

/** Files that may hold several frames: an animated GIF or WebP. */
const mayBeAnimated = (file: Pick<FileItem, 'name'>) => /\.(gif|webp)$/i.test(file.name);

const pixels = (value: string) => (/^\s*\d+\s*$/.test(value) && Number(value) >= 1 && Number(value) <= MAX_RESIZE_PX ? Number(value) : undefined);

/**
 * The request fields of the image options. `merge` only means something with several images,
 * `frames` only when an image may be animated (always on GIF to PDF), `margin` only on paper.
 */
export function imagesRequest(value: ImagesOptions, files: readonly Pick<FileItem, 'name'>[], alwaysFrames: boolean): OptionsOutcome {
  const fields: ImageRequest & RequestFields = { resize: value.resize };
  if (value.pagesize !== 'image') Object.assign(fields, { pagesize: value.pagesize, margin: value.margin });
  if (files.length > 1) fields.merge = value.merge;
  if (value.resize === 'custom') {
    const width = pixels(value.width);
    const height = pixels(value.height);
    if (width === undefined || height === undefined) return { ok: false, hint: 'options.images.hintSize' };
    fields.width = width;
    fields.height = height;
  }
  if (alwaysFrames || files.some(mayBeAnimated)) fields.frames = value.frames;
  return { ok: true, fields };
}

function SizeFields({ value, onChange }: Pick<OptionsPanelProps<ImagesOptions>, 'value' | 'onChange'>) {
  const { t } = useTranslation();
  const lang = useLang();
  const id = useId();
  const [touched, setTouched] = useState(false);
  const invalid = touched && (pixels(value.width) === undefined || pixels(value.height) === undefined);
  const input = (key: 'width' | 'height') => (
    <div className="size-fields__item">
      <label htmlFor={`${id}-${key}`}>{t(`options.images.${key}`)}</label>
      <input
        id={`${id}-${key}`}
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_RESIZE_PX}
        step={1}
        value={value[key]}
        onChange={(e) => onChange({ ...value, [key]: e.target.value })}
        onBlur={() => setTouched(true)}
        aria-invalid={invalid}
        aria-describedby={invalid ? `${id}-error` : undefined}
      />
    </div>
  );
  return (
    <div className="field">
      <div className="size-fields">
        {input('width')}
        <span className="size-fields__times" aria-hidden="true">
          ×
        </span>
        {input('height')}
      </div>
      {invalid && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {t('options.images.sizeInvalid', { max: MAX_RESIZE_PX.toLocaleString(lang) })}
        </p>
      )}
    </div>
  );
}

function makePanel(alwaysFrames: boolean) {
  return function ImagesPanel({ value, onChange, files }: OptionsPanelProps<ImagesOptions>) {
    const { t } = useTranslation();
    const resizes = IMAGE_RESIZES.map((r) => ({ value: r, label: t(`options.images.resize.${r}.label`), help: t(`options.images.resize.${r}.help`) }));
    const current = resizes.find((r) => r.value === value.resize);
    return (
      <div className="options-stack">
        {files.length > 1 && (
          <ChoiceGroup
            legend={t('options.images.mergeLegend')}
            value={value.merge ? 'merge' : 'separate'}
            choices={[
              { value: 'merge', label: t('options.images.merge.label'), help: t('options.images.merge.help') },
              { value: 'separate', label: t('options.images.separate.label'), help: t('options.images.separate.help', { count: files.length }) },
            ]}
            onChange={(choice) => onChange({ ...value, merge: choice === 'merge' })}
          />
        )}
        <div className="options">
          <SelectField label={t('options.images.resizeLabel')} value={value.resize} choices={resizes} onChange={(resize) => onChange({ ...value, resize })} help={current?.help} />
          {value.resize === 'custom' && <SizeFields value={value} onChange={onChange} />}
          <SelectField
            label={t('options.images.pageSizeLabel')}
            value={value.pagesize}
            choices={IMAGE_PAGE_SIZES.map((p) => ({ value: p, label: t(`options.images.pageSize.${p}`) }))}
            onChange={(pagesize) => onChange({ ...value, pagesize })}
            help={t(value.pagesize === 'image' ? 'options.images.pageSizeHelpImage' : 'options.images.pageSizeHelpPaper')}
          />
          {value.pagesize !== 'image' && (
            <SelectField
              label={t('options.images.marginLabel')}
              value={value.margin}
              choices={IMAGE_MARGINS.map((m) => ({ value: m, label: t(`options.images.margin.${m}`) }))}
              onChange={(margin) => onChange({ ...value, margin })}
            />
          )}
        </div>
        {(alwaysFrames || files.some(mayBeAnimated)) && (
          <ChoiceGroup
            legend={t('options.images.framesLegend')}
            value={value.frames}
            choices={IMAGE_FRAMES.map((f) => ({ value: f, label: t(`options.images.frames.${f}.label`), help: t(`options.images.frames.${f}.help`) }))}
            onChange={(frames) => onChange({ ...value, frames })}
          />
        )}
      </div>
    );
  };
}

/** JPG to PDF and GIF to PDF: the same choices, starting from each declaration's defaults (GIF to PDF keeps every frame). */
function imageOptions(tool: typeof jpgTool | typeof gifTool, alwaysFrames: boolean) {
  const defaults = tool.options.parse({});
  return defineOptions<ImagesOptions>({
    initial: { merge: defaults.merge, resize: defaults.resize, width: '', height: '', frames: defaults.frames, pagesize: defaults.pagesize, margin: defaults.margin },
    toRequest: (value, files) => imagesRequest(value, files, alwaysFrames),
    Panel: makePanel(alwaysFrames),
  });
}

export const jpgToPdfOptions = imageOptions(jpgTool, false);
export const gifToPdfOptions = imageOptions(gifTool, true);
