import type { ReactNode } from 'react';
import type { ToolCategory } from '#shared/tools';

/** One glyph per category, drawn on a page outline. */
const GLYPHS: Record<ToolCategory, ReactNode> = {
  organize: <path d="M9 10h6M9 13.5h6M9 17h4" />,
  editor: <path d="M9 17.5l1-3 5-5 2 2-5 5z" />,
  security: (
    <>
      <rect x="8.5" y="12" width="7" height="5.5" rx="1" />
      <path d="M10 12v-1.5a2 2 0 0 1 4 0V12" />
    </>
  ),
  convertFrom: <path d="M9 14h6M12.5 11.5L15 14l-2.5 2.5" />,
  convertTo: <path d="M15 14H9M11.5 11.5L9 14l2.5 2.5" />,
  cad: <path d="M9 17.5l3-7 3 7M10.2 15h3.6" />,
};

export function ToolIcon({ category }: { category: ToolCategory }) {
  return (
    <span className={`tool-icon tool-icon--${category}`} aria-hidden="true">
      <svg viewBox="0 0 24 24" width="26" height="26" fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round" strokeLinejoin="round" focusable="false">
        <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
        <path d="M14 3v5h5" />
        {GLYPHS[category]}
      </svg>
    </span>
  );
}
