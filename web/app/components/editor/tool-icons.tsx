import type { ToolName } from './editor-tools';

/** Each tool's drawing (24×24, stroked in the text colour), shown above its name in the toolbar. */
const PATHS: Record<ToolName | 'undo' | 'redo', string> = {
  select: 'M5 3l13 8-6 1.5L9 19z',
  text: 'M5 6V4h14v2M12 4v16M9 20h6',
  editText: 'M4 20h4L19 9l-4-4L4 16zM13.5 6.5l4 4',
  whiteout: 'M3 17l8-8 6 6-4 4H7zM11 9l4-4 6 6-4 4M3 21h18',
  rect: 'M4 6h16v12H4z',
  ellipse: 'M12 5c4.4 0 8 3.1 8 7s-3.6 7-8 7-8-3.1-8-7 3.6-7 8-7z',
  line: 'M5 19L19 5',
  arrow: 'M5 19L19 5M10 5h9v9',
  ink: 'M3 17c3-6 5-9 7-7s-2 7 1 7 4-8 7-8 2 4 3 4',
  image: 'M4 5h16v14H4zM4 16l5-5 4 4 3-3 4 4M15 9h.01',
  highlight: 'M9 11l5-7 4 3-5 7zM9 11l-2 4 2 1 4-2M4 20h16',
  underline: 'M7 4v6a5 5 0 0 0 10 0V4M5 20h14',
  strikeout: 'M16 6c-1-1.5-2.5-2-4-2-2.5 0-4 1.3-4 3 0 4 8 3 8 7 0 1.8-1.7 3-4 3-1.7 0-3.2-.7-4-2M4 12h16',
  note: 'M5 4h14v12l-4 4H5zM15 20v-4h4M8 9h8M8 13h5',
  signature: 'M3 17c2-1 3-5 5-8s3 0 2 3-2 6 0 5 3-4 4-4 1 3 2 3 2-1 3-1M3 21h18',
  initials: 'M6 6v12M10 18l4-12 4 12M11.5 14h5',
  date: 'M4 6h16v14H4zM4 10h16M8 3v5M16 3v5',
  check: 'M5 12l5 5L20 7',
  undo: 'M9 14L4 9l5-5M4 9h11a5 5 0 0 1 0 10h-3',
  redo: 'M15 14l5-5-5-5M20 9H9a5 5 0 0 0 0 10h3',
};

export function ToolIcon({ name }: { name: keyof typeof PATHS }) {
  return (
    <svg className="editor-tool__icon" viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d={PATHS[name]} />
    </svg>
  );
}
