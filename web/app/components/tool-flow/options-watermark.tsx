import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GridPosition } from '#shared/tools/stamp-fields';
import { uploadFile } from '~/lib/api-client';
import { CheckboxField, ChoiceGroup } from './options-fields';
import { InputField, PositionGrid, rangesOf, StyleFields, wholeIn, type StampStyle } from './options-stamp-fields';
import { defineOptions, type OptionsOutcome, type OptionsPanelProps } from './options-types';

export interface WatermarkOptions extends StampStyle {
  mode: 'text' | 'image';
  text: string;
  /** The uploaded picture: its name, and its token once the upload is done. */
  picture?: { name: string; token?: string; failed?: boolean };
  opacity: string;
  angle: string;
  scale: string;
  position: GridPosition;
  tiled: boolean;
  layer: 'over' | 'under';
  pages: string;
}

const SIZES = { min: 6, max: 200 };
const OPACITY = { min: 5, max: 100 };
const ANGLE = { min: -180, max: 180 };
const SCALE = { min: 5, max: 100 };

function PicturePicker({ value, onChange }: OptionsPanelProps<WatermarkOptions>) {
  const { t } = useTranslation();
  const id = useId();
  // The upload ends after other changes: it applies its token to the choices as they are then.
  const latest = useRef(value);
  latest.current = value;
  const [uploading, setUploading] = useState(false);
  const choose = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    onChange({ ...latest.current, picture: { name: file.name } });
    try {
      const { token } = await uploadFile(file, 'add-watermark', () => undefined).promise;
      onChange({ ...latest.current, picture: { name: file.name, token } });
    } catch {
      onChange({ ...latest.current, picture: { name: file.name, failed: true } });
    } finally {
      setUploading(false);
    }
  };
  const status = value.picture?.failed ? t('options.watermark.pictureFailed') : uploading ? t('options.watermark.pictureUploading') : value.picture?.token ? value.picture.name : t('options.watermark.pictureNone');
  return (
    <div className="field">
      <label htmlFor={id}>{t('options.watermark.picture')}</label>
      <input id={id} type="file" accept="image/png,image/jpeg" onChange={(e) => void choose(e.target.files?.[0])} aria-describedby={`${id}-status`} />
      <p id={`${id}-status`} className={value.picture?.failed ? 'field__error' : 'field__help'} role="status">
        {status}
      </p>
    </div>
  );
}

function WatermarkPanel(props: OptionsPanelProps<WatermarkOptions>) {
  const { value, onChange } = props;
  const { t } = useTranslation();
  const set = (next: Partial<WatermarkOptions>) => onChange({ ...value, ...next });
  const range = (text: string, r: { min: number; max: number }) => (wholeIn(text, r) === undefined ? t('options.stamp.range', r) : null);
  return (
    <>
      <ChoiceGroup
        legend={t('options.watermark.legend')}
        value={value.mode}
        choices={[
          { value: 'text', label: t('options.watermark.text') },
          { value: 'image', label: t('options.watermark.image'), help: t('options.watermark.imageHelp') },
        ]}
        onChange={(mode) => set({ mode })}
        detail={{
          text: <InputField label={t('options.watermark.textLabel')} value={value.text} onChange={(text) => set({ text })} placeholder={t('options.watermark.textPlaceholder')} />,
          image: <PicturePicker {...props} />,
        }}
      />
      <fieldset className="options">
        <legend className="options__legend">{t('options.watermark.look')}</legend>
        {value.mode === 'text' ? (
          <StyleFields value={value} onChange={set} sizes={SIZES} />
        ) : (
          <InputField label={t('options.watermark.scale')} value={value.scale} numeric={SCALE} onChange={(scale) => set({ scale })} error={range(value.scale, SCALE)} />
        )}
        <InputField label={t('options.watermark.opacity')} value={value.opacity} numeric={OPACITY} onChange={(opacity) => set({ opacity })} error={range(value.opacity, OPACITY)} />
        <InputField label={t('options.watermark.angle')} value={value.angle} numeric={ANGLE} onChange={(angle) => set({ angle })} help={t('options.watermark.angleHelp')} error={range(value.angle, ANGLE)} />
      </fieldset>
      <fieldset className="options">
        <legend className="options__legend">{t('options.watermark.placement')}</legend>
        <CheckboxField label={t('options.watermark.tiled')} checked={value.tiled} onChange={(tiled) => set({ tiled })} />
        {!value.tiled && <PositionGrid legend={t('options.stamp.positionLegend')} value={value.position} onChange={(position) => set({ position })} />}
        <ChoiceGroup
          legend={t('options.watermark.layer')}
          value={value.layer}
          choices={[
            { value: 'over', label: t('options.watermark.over') },
            { value: 'under', label: t('options.watermark.under'), help: t('options.watermark.underHelp') },
          ]}
          onChange={(layer) => set({ layer })}
        />
        <InputField
          label={t('options.watermark.pages')}
          value={value.pages}
          placeholder={t('options.watermark.pagesPlaceholder')}
          onChange={(pages) => set({ pages })}
          help={t('options.watermark.pagesHelp')}
          error={value.pages.trim() && !rangesOf(value.pages) ? t('errors.INVALID_PAGES') : null}
        />
      </fieldset>
    </>
  );
}

export const watermarkOptions = defineOptions<WatermarkOptions>({
  initial: { mode: 'text', text: '', font: 'sans', size: '60', color: '#c0392b', opacity: '30', angle: '45', scale: '50', position: 'middle-center', tiled: false, layer: 'over', pages: '' },
  toRequest: (value): OptionsOutcome => {
    const numbers = { opacity: wholeIn(value.opacity, OPACITY), angle: wholeIn(value.angle, ANGLE) };
    const pages = rangesOf(value.pages);
    if (Object.values(numbers).includes(undefined) || (value.pages.trim() && !pages)) return { ok: false, hint: null };
    const common = { ...numbers, position: value.position, tiled: value.tiled, layer: value.layer, ...(pages ? { pages } : {}) } as Record<string, string | number | boolean>;
    if (value.mode === 'image') {
      const scale = wholeIn(value.scale, SCALE);
      if (!value.picture?.token) return { ok: false, hint: 'options.watermark.hintPicture' };
      if (scale === undefined) return { ok: false, hint: null };
      return { ok: true, fields: { ...common, image: value.picture.token, scale } };
    }
    const size = wholeIn(value.size, SIZES);
    if (!value.text.trim()) return { ok: false, hint: 'options.watermark.hintText' };
    if (size === undefined) return { ok: false, hint: null };
    return { ok: true, fields: { ...common, text: value.text.trim(), font: value.font, size, color: value.color } };
  },
  Panel: WatermarkPanel,
});
