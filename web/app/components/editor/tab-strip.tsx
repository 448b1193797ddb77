import { useId, useRef, type KeyboardEvent } from 'react';
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
 * focused one (a pointer uses its ×), and "Add file" opens more (up to the limit).
 */
export function TabStrip({ tabs, active, panelId, onActivate, onClose, onAdd }: TabStripProps) {
  const { t } = useTranslation();
  const list = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();

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
          <button
            key={tab.id}
            type="button"
            role="tab"
            id={tabDomId(tab.id)}
            className="editor-tabs__tab"
            aria-selected={tab.id === active}
            aria-controls={panelId}
            aria-describedby={hintId}
            aria-keyshortcuts="Delete"
            tabIndex={tab.id === active ? 0 : -1}
            title={tab.name}
            onClick={() => onActivate(tab.id)}
            onKeyDown={(e) => onKeyDown(e, tab.id)}
          >
            <span className="editor-tabs__name">{tab.name}</span>
            {tab.edited && (
              <>
                <span className="editor-tabs__dot" aria-hidden="true" />
                <span className="visually-hidden">{t('editor.tabs.edited')}</span>
              </>
            )}
            {/* A pointer's way to close; the keyboard's is Delete on the tab (a button cannot sit inside a tab). */}
            <span
              className="editor-tabs__close"
              aria-hidden="true"
              title={t('editor.tabs.close', { name: tab.name })}
              onClick={(e) => {
                e.stopPropagation();
                onClose(tab.id);
              }}
            >
              ×
            </span>
          </button>
        ))}
      </div>
      <p id={hintId} className="visually-hidden">
        {t('editor.tabs.closeHint')}
      </p>
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
