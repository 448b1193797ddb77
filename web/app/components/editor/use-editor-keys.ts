import { useEffect } from 'react';

/** Typing in a field keeps its own keys: Backspace deletes a letter there, not the object. */
const typing = (target: EventTarget | null) => target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** The workspace's keys: Ctrl+Z undo, Ctrl+Shift+Z (or Ctrl+Y) redo, Delete removes the selected object, Escape lets it go. */
export function useEditorKeys(handlers: { undo: () => void; redo: () => void; remove: () => void; deselect: () => void }, active: boolean) {
  useEffect(() => {
    if (!active) return;
    const onKey = (e: KeyboardEvent) => {
      if (typing(e.target)) return;
      const mod = e.ctrlKey || e.metaKey;
      const key = e.key.toLowerCase();
      if (mod && key === 'z') handlers[e.shiftKey ? 'redo' : 'undo']();
      else if (mod && key === 'y') handlers.redo();
      else if (e.key === 'Delete' || e.key === 'Backspace') handlers.remove();
      else if (e.key === 'Escape') handlers.deselect();
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [handlers, active]);
}
