import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ToolName } from './editor-tools';
import { ToolIcon } from './tool-icons';

interface ToolbarProps {
  tools: readonly ToolName[];
  tool: ToolName;
  onTool: (tool: ToolName) => void;
  canUndo: boolean;
  canRedo: boolean;
  onUndo: () => void;
  onRedo: () => void;
  zoom: number;
  onZoom: (factor: number) => void;
}

/** Which ends of a scrolling row have more beyond them: what the toolbar's fades show. */
type More = 'start' | 'end' | 'both' | undefined;

function moreOf(el: HTMLElement): More {
  const before = el.scrollLeft > 2;
  const after = el.scrollLeft + el.clientWidth < el.scrollWidth - 2;
  return before && after ? 'both' : before ? 'start' : after ? 'end' : undefined;
}

/**
 * The tools as icons with their names, in one compact keyboard-reachable toolbar, with undo/redo and
 * zoom. Where the tools are wider than the screen (a phone) the row scrolls sideways, and a fade
 * with an arrow at the hidden end says there is more.
 */
export function Toolbar({ tools, tool, onTool, canUndo, canRedo, onUndo, onRedo, zoom, onZoom }: ToolbarProps) {
  const { t } = useTranslation();
  const row = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState<More>();
  useEffect(() => {
    const el = row.current;
    if (!el) return;
    const update = () => setMore(moreOf(el));
    update();
    const observer = new ResizeObserver(update);
    observer.observe(el);
    el.addEventListener('scroll', update, { passive: true });
    return () => {
      observer.disconnect();
      el.removeEventListener('scroll', update);
    };
  }, []);

  return (
    <div className="editor-toolbar" role="toolbar" aria-label={t('editor.toolbar.label')} data-more={more}>
      <div className="editor-toolbar__scroller">
        <div className="editor-toolbar__tools" ref={row}>
          {tools.map((name) => (
            <button key={name} type="button" className="editor-tool" aria-pressed={tool === name} data-tool={name} onClick={() => onTool(name)}>
              <ToolIcon name={name} />
              <span className="editor-tool__label">{t(`editor.tools.${name}`)}</span>
            </button>
          ))}
        </div>
      </div>
      <div className="editor-toolbar__history">
        <button type="button" className="editor-tool editor-tool--icon" onClick={onUndo} disabled={!canUndo} aria-keyshortcuts="Control+Z" aria-label={t('editor.toolbar.undo')} title={t('editor.toolbar.undo')}>
          <ToolIcon name="undo" />
        </button>
        <button type="button" className="editor-tool editor-tool--icon" onClick={onRedo} disabled={!canRedo} aria-keyshortcuts="Control+Shift+Z" aria-label={t('editor.toolbar.redo')} title={t('editor.toolbar.redo')}>
          <ToolIcon name="redo" />
        </button>
        <button type="button" className="editor-tool editor-tool--icon" onClick={() => onZoom(1 / 1.25)} aria-label={t('editor.toolbar.zoomOut')} title={t('editor.toolbar.zoomOut')}>
          −
        </button>
        <output className="editor-toolbar__zoom" aria-label={t('editor.toolbar.zoom')}>
          {Math.round(zoom * 100)}%
        </output>
        <button type="button" className="editor-tool editor-tool--icon" onClick={() => onZoom(1.25)} aria-label={t('editor.toolbar.zoomIn')} title={t('editor.toolbar.zoomIn')}>
          +
        </button>
      </div>
    </div>
  );
}
