import { useTranslation } from 'react-i18next';
import type { ToolName } from './editor-tools';

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

/** The tools as labelled buttons, in one keyboard-reachable toolbar, with undo/redo and zoom. */
export function Toolbar({ tools, tool, onTool, canUndo, canRedo, onUndo, onRedo, zoom, onZoom }: ToolbarProps) {
  const { t } = useTranslation();
  return (
    <div className="editor-toolbar" role="toolbar" aria-label={t('editor.toolbar.label')}>
      <div className="editor-toolbar__tools">
        {tools.map((name) => (
          <button key={name} type="button" className="editor-tool" aria-pressed={tool === name} data-tool={name} onClick={() => onTool(name)}>
            {t(`editor.tools.${name}`)}
          </button>
        ))}
      </div>
      <div className="editor-toolbar__history">
        <button type="button" className="editor-tool" onClick={onUndo} disabled={!canUndo} aria-keyshortcuts="Control+Z">
          {t('editor.toolbar.undo')}
        </button>
        <button type="button" className="editor-tool" onClick={onRedo} disabled={!canRedo} aria-keyshortcuts="Control+Shift+Z">
          {t('editor.toolbar.redo')}
        </button>
        <button type="button" className="editor-tool" onClick={() => onZoom(1 / 1.25)} aria-label={t('editor.toolbar.zoomOut')}>
          −
        </button>
        <output className="editor-toolbar__zoom" aria-label={t('editor.toolbar.zoom')}>
          {Math.round(zoom * 100)}%
        </output>
        <button type="button" className="editor-tool" onClick={() => onZoom(1.25)} aria-label={t('editor.toolbar.zoomIn')}>
          +
        </button>
      </div>
    </div>
  );
}
