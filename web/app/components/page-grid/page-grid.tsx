import { memo, useEffect, useRef, useState, type CSSProperties, type DragEvent, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useGridColumns } from '~/hooks/use-grid-columns';
import { clickPage, extendSelection, toggleAll, type Selection } from '~/lib/page-selection';
import { CheckIcon, CloseIcon } from '../icons';
import { PageThumb } from './page-thumb';

export interface GridCell {
  key: string;
  /** Upload token of the page's file, for its thumbnail. */
  token?: string;
  /** 1-based page within its file. */
  page: number;
  /** Shown under the thumbnail: "3", or "B 3" when pages come from several files. */
  label: string;
  /** What a screen reader says for the page, state included ("Page 3, turned 90°"). */
  name: string;
  /** Extra clockwise turn the result will have. */
  rotate: number;
  /** Colour of the page's file when there are several. */
  tone?: number;
  /** Left out of the result. */
  struck?: boolean;
}

export interface GridSelection {
  selected: ReadonlySet<number>;
  onChange: (selected: Set<number>) => void;
  /** How a selected page looks: marked for removal, or ticked. */
  look: 'remove' | 'pick';
}

interface PageGridProps {
  cells: readonly GridCell[];
  label: string;
  /** Id of the text that explains the keys. */
  describedBy?: string;
  /** Pages can be picked: click, shift-click, Ctrl/Cmd-click, Space, Shift+arrows, Ctrl/Cmd+A. */
  selection?: GridSelection;
  /** Pages can be rearranged: drag and drop, Alt+arrows. */
  onMove?: (from: number, to: number) => void;
  /** Other keys on a focused page; true when handled. */
  onCellKey?: (index: number, e: KeyboardEvent) => boolean;
  /** Buttons of a page, shown while it is hovered or focused. */
  actions?: (index: number) => ReactNode;
  /** Read out by screen readers when it changes. */
  status?: string;
}

const PAGE_TYPE = 'application/x-sheaf-page';

const indexOf = (target: EventTarget) => {
  const cell = (target as HTMLElement).closest<HTMLElement>('[data-index]');
  return cell ? Number(cell.dataset.index) : -1;
};

interface CellProps {
  cell: GridCell;
  index: number;
  focused: boolean;
  selected: boolean | undefined;
  look?: GridSelection['look'];
  draggable: boolean;
  dragging: boolean;
  dropTarget: boolean;
  actions?: ReactNode;
}

const PageCell = memo(function PageCell({ cell, index, focused, selected, look, draggable, dragging, dropTarget, actions }: CellProps) {
  const { t } = useTranslation();
  const removing = cell.struck || (selected && look === 'remove');
  const className = [
    'page-cell',
    cell.tone !== undefined && `tone-${cell.tone}`,
    focused && 'is-current',
    removing && 'is-struck',
    dragging && 'is-dragging',
    dropTarget && 'is-drop-target',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div
      role="gridcell"
      className={className}
      data-index={index}
      tabIndex={focused ? 0 : -1}
      aria-selected={selected}
      aria-label={cell.name}
      draggable={draggable}
    >
      <div className="page-cell__visual">
        <PageThumb token={cell.token} page={cell.page} rotate={cell.rotate} />
        {removing && (
          <span className="page-cell__mark page-cell__mark--remove" aria-hidden="true">
            <CloseIcon width={22} height={22} strokeWidth={3} />
          </span>
        )}
        {selected && look === 'pick' && (
          <span className="page-cell__mark page-cell__mark--pick" aria-hidden="true">
            <CheckIcon width={16} height={16} strokeWidth={3} />
          </span>
        )}
        {cell.rotate !== 0 && (
          <span className="page-cell__turn" aria-hidden="true">
            {t(`grid.badge.${cell.rotate}`)}
          </span>
        )}
        {actions && <div className="page-cell__actions">{actions}</div>}
      </div>
      <span className="page-cell__label" aria-hidden="true">
        {cell.label}
      </span>
    </div>
  );
});

/**
 * The pages of one or more documents as a keyboard-driven grid. Rows follow the width available;
 * rows off screen skip rendering (content-visibility) and thumbnails load as they come near.
 */
export function PageGrid({ cells, label, describedBy, selection, onMove, onCellKey, actions, status }: PageGridProps) {
  const grid = useRef<HTMLDivElement>(null);
  const columns = useGridColumns(grid, Boolean(actions));
  const [focus, setFocus] = useState(0);
  const [drag, setDrag] = useState<{ from: number; over: number | null } | null>(null);
  const anchor = useRef<number | null>(null);
  const moveFocus = useRef(false);
  const current = Math.min(focus, Math.max(0, cells.length - 1));

  // Keyboard moves take the browser focus along; clicks and renders leave it where it is.
  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    grid.current?.querySelector<HTMLElement>(`[data-index="${current}"]`)?.focus();
  }, [current, cells]);

  const focusTo = (index: number) => {
    moveFocus.current = true;
    setFocus(Math.max(0, Math.min(cells.length - 1, index)));
  };

  const select = (next: Selection) => {
    anchor.current = next.anchor;
    selection?.onChange(new Set(next.selected));
  };
  const now = (): Selection => ({ selected: selection?.selected ?? new Set(), anchor: anchor.current });

  const onClick = (e: MouseEvent) => {
    const index = indexOf(e.target);
    if (index < 0 || (e.target as HTMLElement).closest('button')) return;
    setFocus(index);
    if (selection) select(clickPage(now(), index, e.shiftKey));
  };

  const onKeyDown = (e: KeyboardEvent) => {
    const index = indexOf(e.target);
    // Keys on a page's own buttons belong to the buttons.
    if (index < 0 || (e.target as HTMLElement).getAttribute('role') !== 'gridcell') return;
    const step: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -columns, ArrowDown: columns };
    const mod = e.ctrlKey || e.metaKey;
    let handled = true;
    if (e.key in step && e.altKey && onMove) {
      const to = Math.max(0, Math.min(cells.length - 1, index + step[e.key]));
      if (to !== index) onMove(index, to);
      focusTo(to);
    } else if (e.key in step) {
      const to = Math.max(0, Math.min(cells.length - 1, index + step[e.key]));
      if (e.shiftKey && selection) select(extendSelection(now(), index, to));
      focusTo(to);
    } else if (e.key === 'Home' || e.key === 'End') {
      focusTo(e.key === 'Home' ? 0 : cells.length - 1);
    } else if (selection && (e.key === ' ' || e.key === 'Enter')) {
      select(clickPage(now(), index, e.shiftKey));
    } else if (selection && mod && e.key.toLowerCase() === 'a') {
      select(toggleAll(now(), cells.length));
    } else if (selection && e.key === 'Escape' && selection.selected.size > 0) {
      select({ selected: new Set(), anchor: null });
    } else {
      handled = onCellKey?.(index, e) ?? false;
    }
    if (handled) e.preventDefault();
  };

  const dragHandlers = onMove && {
    onDragStart: (e: DragEvent) => {
      const index = indexOf(e.target);
      if (index < 0) return;
      e.dataTransfer.setData(PAGE_TYPE, String(index));
      e.dataTransfer.effectAllowed = 'move';
      setDrag({ from: index, over: null });
    },
    onDragOver: (e: DragEvent) => {
      const index = indexOf(e.target);
      if (index < 0 || !e.dataTransfer.types.includes(PAGE_TYPE)) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = 'move';
      if (drag && drag.over !== index) setDrag({ ...drag, over: index });
    },
    onDrop: (e: DragEvent) => {
      const index = indexOf(e.target);
      const from = Number(e.dataTransfer.getData(PAGE_TYPE) || NaN);
      if (index < 0 || Number.isNaN(from)) return;
      e.preventDefault();
      if (from !== index) onMove(from, index);
      setFocus(index);
      setDrag(null);
    },
    onDragEnd: () => setDrag(null),
  };

  const rows: number[][] = [];
  for (let start = 0; start < cells.length; start += columns) {
    rows.push(Array.from({ length: Math.min(columns, cells.length - start) }, (_, i) => start + i));
  }

  return (
    <>
      <div
        ref={grid}
        role="grid"
        className={`page-grid${selection?.look === 'remove' ? ' page-grid--remove' : ''}`}
        aria-label={label}
        aria-describedby={describedBy}
        aria-multiselectable={selection ? true : undefined}
        style={{ '--columns': columns } as CSSProperties}
        onClick={onClick}
        onMouseDown={(e) => e.shiftKey && e.preventDefault()}
        onKeyDown={onKeyDown}
        {...dragHandlers}
      >
        {rows.map((row) => (
          <div role="row" className="page-grid__row" key={row[0]}>
            {row.map((index) => (
              <PageCell
                key={cells[index].key}
                cell={cells[index]}
                index={index}
                focused={index === current}
                selected={selection ? selection.selected.has(index) : undefined}
                look={selection?.look}
                draggable={Boolean(onMove)}
                dragging={drag?.from === index}
                dropTarget={drag !== null && drag.over === index && drag.from !== index}
                actions={actions?.(index)}
              />
            ))}
          </div>
        ))}
      </div>
      <p className="visually-hidden" aria-live="polite">
        {status}
      </p>
    </>
  );
}
