import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditorObject } from './document-model';
import type { ToolName } from './editor-tools';
import type { ToolStyle } from './new-object';

/** The style fields a kind of object (or the tool about to place it) has. */
function fieldsOf(type: string | undefined, tool: ToolName): Array<'font' | 'size' | 'color' | 'emphasis' | 'align' | 'stroke' | 'fill' | 'width' | 'mark' | 'rotation'> {
  const kind = type ?? (['rect', 'ellipse', 'line', 'arrow'].includes(tool) ? 'shape' : ['highlight', 'underline', 'strikeout'].includes(tool) ? 'highlight' : tool);
  switch (kind) {
    case 'text':
      return ['font', 'size', 'color', 'emphasis', 'align'];
    case 'replaceText':
    case 'editText':
    case 'freeText':
      return ['size', 'color'];
    case 'shape':
      return ['stroke', 'fill', 'width'];
    case 'ink':
      return ['stroke', 'width'];
    case 'highlight':
    case 'underline':
    case 'strikeout':
    case 'note':
      return ['mark'];
    case 'image':
      return ['rotation'];
    default:
      return [];
  }
}

interface PropertiesPanelProps {
  selected: EditorObject | undefined;
  tool: ToolName;
  style: ToolStyle;
  /** Changes the selected object, or the style of what the tool places next. */
  onStyle: (patch: Partial<ToolStyle> & { rotation?: number }) => void;
  onDelete: () => void;
}

export function PropertiesPanel({ selected, tool, style, onStyle, onDelete }: PropertiesPanelProps) {
  const { t } = useTranslation();
  const id = useId();
  const op = selected?.op as (Partial<Record<string, unknown>> & { type: string }) | undefined;
  // What the fields show: the selected object's own values, else the tool's.
  const value = <K extends keyof ToolStyle>(key: K, opKey: string = key): ToolStyle[K] => (op && opKey in op ? (op[opKey] as ToolStyle[K]) : style[key]);
  const fields = fieldsOf(op?.type, tool);
  const colorKey = op?.type === 'ink' ? 'color' : 'stroke';
  if (fields.length === 0 && !selected) return null;

  return (
    <section className="editor-panel" aria-label={t('editor.panel.label')}>
      {fields.includes('font') && (
        <label className="editor-field">
          <span>{t('editor.panel.font')}</span>
          <select value={value('font')} onChange={(e) => onStyle({ font: e.target.value as ToolStyle['font'] })}>
            {(['sans', 'serif', 'mono'] as const).map((f) => (
              <option key={f} value={f}>
                {t(`editor.fonts.${f}`)}
              </option>
            ))}
          </select>
        </label>
      )}
      {fields.includes('size') && (
        <label className="editor-field">
          <span>{t('editor.panel.size')}</span>
          <input type="number" min={4} max={200} value={value('size') ?? 12} onChange={(e) => onStyle({ size: Math.min(200, Math.max(4, Number(e.target.value) || 4)) })} />
        </label>
      )}
      {fields.includes('color') && (
        <label className="editor-field">
          <span>{t('editor.panel.color')}</span>
          <input type="color" value={value('color') ?? '#000000'} onChange={(e) => onStyle({ color: e.target.value })} />
        </label>
      )}
      {fields.includes('emphasis') && (
        <div className="editor-field editor-field--row">
          <label>
            <input type="checkbox" checked={value('bold')} onChange={(e) => onStyle({ bold: e.target.checked })} /> {t('editor.panel.bold')}
          </label>
          <label>
            <input type="checkbox" checked={value('italic')} onChange={(e) => onStyle({ italic: e.target.checked })} /> {t('editor.panel.italic')}
          </label>
        </div>
      )}
      {fields.includes('align') && (
        <label className="editor-field">
          <span>{t('editor.panel.align')}</span>
          <select value={value('align')} onChange={(e) => onStyle({ align: e.target.value as ToolStyle['align'] })}>
            {(['left', 'center', 'right'] as const).map((a) => (
              <option key={a} value={a}>
                {t(`editor.align.${a}`)}
              </option>
            ))}
          </select>
        </label>
      )}
      {fields.includes('stroke') && (
        <label className="editor-field">
          <span>{t('editor.panel.stroke')}</span>
          <input type="color" value={value('stroke', colorKey)} onChange={(e) => onStyle({ stroke: e.target.value })} />
        </label>
      )}
      {fields.includes('fill') && (
        <div className="editor-field editor-field--row">
          <label>
            <input type="checkbox" checked={value('fill') !== null} onChange={(e) => onStyle({ fill: e.target.checked ? '#ffffff' : null })} /> {t('editor.panel.fill')}
          </label>
          {value('fill') !== null && <input type="color" aria-label={t('editor.panel.fillColor')} value={value('fill') ?? '#ffffff'} onChange={(e) => onStyle({ fill: e.target.value })} />}
        </div>
      )}
      {fields.includes('width') && (
        <label className="editor-field">
          <span>{t('editor.panel.width')}</span>
          <input type="range" id={`${id}-w`} min={0.5} max={12} step={0.5} value={value('width')} onChange={(e) => onStyle({ width: Number(e.target.value) })} />
        </label>
      )}
      {fields.includes('mark') && (
        <label className="editor-field">
          <span>{t('editor.panel.color')}</span>
          <input type="color" value={value('markColor', 'color')} onChange={(e) => onStyle({ markColor: e.target.value })} />
        </label>
      )}
      {fields.includes('rotation') && op && (
        <button type="button" className="button button--secondary button--small" onClick={() => onStyle({ rotation: (((op.rotation as number) ?? 0) + 90) % 360 })}>
          {t('editor.panel.rotate')}
        </button>
      )}
      {selected && (
        <button type="button" className="button button--ghost button--small" onClick={onDelete} aria-keyshortcuts="Delete">
          {t('editor.panel.delete')}
        </button>
      )}
    </section>
  );
}
