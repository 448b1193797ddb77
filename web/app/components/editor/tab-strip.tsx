import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EDITOR_MAX_FILES, tabAfterKey } from './editor-tabs';

interface TabStripProps {
  tabs: readonly { id: string; name: string; edited: boolean }[];
  active: string;
  /** The id of the panel the tabs control. */
  panelId: string;
  onActivate: (id: string) => void;
  onClose: (id: string) => void;
  onAdd: (files: File[]) => void;
}

export const tabDomId = (id: string) => `editor-tab-${id}`;

/**
 * The open files as an ARIA tab list: arrow keys, Home and End move between them, Delete closes the
 * focused one; each has its close button, and "Add file" opens more (up to the limit).
 */
export function TabStrip({ tabs, active, panelId, onActivate, onClose, onAdd }: TabStripProps) {
  const { t } = useTranslation();
  const list = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);

  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, id: string) => {
    if (e.key === 'Delete') {
      e.preventDefault();
      onClose(id);
      return;
    }
    const next = tabAfterKey(
      tabs.map((tab) => tab.id),
      id,
      e.key,
    );
    if (!next) return;
    e.preventDefault();
    onActivate(next);
    list.current?.querySelector<HTMLElement>(`#${tabDomId(next)}`)?.focus();
  };

  return (
    <div className="editor-tabs">
      <div className="editor-tabs__list" role="tablist" aria-label={t('editor.tabs.label')} ref={list}>
        {tabs.map((tab) => (
          <div key={tab.id} className="editor-tabs__item" role="presentation">
            <button
              type="button"
              role="tab"
              id={tabDomId(tab.id)}
              className="editor-tabs__tab"
              aria-selected={tab.id === active}
              aria-controls={panelId}
              tabIndex={tab.id === active ? 0 : -1}
              title={tab.name}
              onClick={() => onActivate(tab.id)}
              onKeyDown={(e) => onKeyDown(e, tab.id)}
            >
              <span className="editor-tabs__name">{tab.name}</span>
              {tab.edited && <span className="editor-tabs__dot" aria-label={t('editor.tabs.edited')} />}
            </button>
            <button type="button" className="editor-tabs__close" aria-label={t('editor.tabs.close', { name: tab.name })} onClick={() => onClose(tab.id)}>
              ×
            </button>
          </div>
        ))}
      </div>
      <button type="button" className="editor-tool editor-tabs__add" disabled={tabs.length >= EDITOR_MAX_FILES} onClick={() => input.current?.click()}>
        {t('editor.tabs.add')}
      </button>
      <input
        ref={input}
        type="file"
        accept="application/pdf,.pdf"
        multiple
        hidden
        aria-label={t('editor.tabs.add')}
        onChange={(e) => {
          onAdd([...(e.target.files ?? [])]);
          e.target.value = '';
        }}
      />
    </div>
  );
}
