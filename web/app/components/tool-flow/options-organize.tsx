import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  boardKey,
  boardOrder,
  interleave,
  movePage,
  reconcileBoard,
  restoreAll,
  rotatePage,
  toggleRemoved,
  type BoardPage,
  type SourceDoc,
} from '~/lib/organize';
import { ArrowLeftIcon, ArrowRightIcon, RotateRightIcon, TrashIcon, UndoIcon } from '../icons';
import { pageName, pagesHint } from '../page-grid/page-cells';
import { PageGrid, type GridCell } from '../page-grid/page-grid';
import { PagesHint } from '../page-grid/pages-hint';
import type { FileItem } from './flow-state';
import { defineOptions, type OptionsOutcome, type OptionsPanelProps } from './options-types';
import { sourceLetter } from './source-files';

/** The user's arrangement; empty means every page in upload order. */
export interface OrganizeOptions {
  board: BoardPage[];
}

const docsOf = (files: readonly FileItem[]): SourceDoc[] => files.map((f) => ({ uid: f.uid, pages: f.pages }));

/** The board for the current files, recomputed only when a file or a page count changes. */
function useBoard(value: OrganizeOptions, files: readonly FileItem[]) {
  const counts = files.map((f) => `${f.uid}:${f.pages}`).join('|');
  // `counts` stands for all that reconcile reads from `files`.
  return useMemo(() => reconcileBoard(value.board, docsOf(files)), [value.board, counts]);
}

function OrganizePages({ value, onChange, files }: OptionsPanelProps<OrganizeOptions>) {
  const { t } = useTranslation();
  const helpId = useId();
  const [status, setStatus] = useState('');
  const board = useBoard(value, files);
  const lettered = files.length > 1;
  const tokens = files.map((f) => f.fileNameToken).join('|');

  const cells = useMemo<GridCell[]>(() => {
    const source = new Map(files.map((f, index) => [f.uid, { file: f, index }]));
    return board.map((p) => {
      const { file, index } = source.get(p.uid)!;
      const letter = lettered ? sourceLetter(index) : undefined;
      return {
        key: boardKey(p),
        token: file.fileNameToken,
        page: p.page,
        label: letter ? `${letter} ${p.page}` : String(p.page),
        name: pageName(t, { letter, page: p.page, rotate: p.rotate, removed: p.removed }),
        rotate: p.rotate,
        tone: lettered ? index : undefined,
        struck: p.removed,
      };
    });
    // `tokens` stands for the thumbnails becoming available as uploads finish.
  }, [board, tokens, lettered, t]);

  if (board.length === 0) {
    return (
      <p className="pages-state is-loading" role="status">
        {t('grid.reading')}
      </p>
    );
  }

  const apply = (next: BoardPage[], said: string) => {
    onChange({ board: next });
    setStatus(said);
  };
  const move = (from: number, to: number) =>
    apply(movePage(board, from, to), t('options.organize.moved', { page: cells[from].label, position: to + 1, total: board.length }));
  const rotate = (index: number, delta: number) => {
    const next = rotatePage(board, index, delta);
    apply(next, t('options.organize.turned', { page: cells[index].label, turn: t(`grid.turn.${next[index].rotate}`) }));
  };
  const toggle = (index: number) =>
    apply(toggleRemoved(board, index), t(board[index].removed ? 'options.organize.restored' : 'options.organize.removed', { page: cells[index].label }));

  const onCellKey = (index: number, e: KeyboardEvent) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return false;
    if (e.key.toLowerCase() === 'r') rotate(index, e.shiftKey ? -90 : 90);
    else if (e.key === 'Delete' || e.key === 'Backspace') toggle(index);
    else return false;
    return true;
  };

  // Buttons are left out of the tab order: the page itself takes the focus, and its keys do the same.
  const actions = (index: number) => {
    const page = cells[index].label;
    const removed = board[index].removed;
    return (
      <>
        <button type="button" tabIndex={-1} className="page-action" aria-label={t('options.organize.moveEarlier', { page })} title={t('options.organize.moveEarlier', { page })} disabled={index === 0} onClick={() => move(index, index - 1)}>
          <ArrowLeftIcon width={16} height={16} />
        </button>
        <button type="button" tabIndex={-1} className="page-action" aria-label={t('options.organize.rotate', { page })} title={t('options.organize.rotate', { page })} onClick={() => rotate(index, 90)}>
          <RotateRightIcon width={16} height={16} />
        </button>
        <button
          type="button"
          tabIndex={-1}
          className={removed ? 'page-action' : 'page-action page-action--danger'}
          aria-label={t(removed ? 'options.organize.restore' : 'options.organize.remove', { page })}
          title={t(removed ? 'options.organize.restore' : 'options.organize.remove', { page })}
          onClick={() => toggle(index)}
        >
          {removed ? <UndoIcon width={16} height={16} /> : <TrashIcon width={16} height={16} />}
        </button>
        <button type="button" tabIndex={-1} className="page-action" aria-label={t('options.organize.moveLater', { page })} title={t('options.organize.moveLater', { page })} disabled={index === board.length - 1} onClick={() => move(index, index + 1)}>
          <ArrowRightIcon width={16} height={16} />
        </button>
      </>
    );
  };

  return (
    <>
      <PagesHint id={helpId} help={t('options.organize.gridHelp')} keys={t('options.organize.gridKeys')} />
      <PageGrid cells={cells} label={t('options.organize.gridLabel')} describedBy={helpId} onMove={move} onCellKey={onCellKey} actions={actions} status={status} />
    </>
  );
}

const isDefault = (board: readonly BoardPage[], files: readonly FileItem[]) => {
  const plain = reconcileBoard([], docsOf(files));
  return board.length === plain.length && board.every((p, i) => boardKey(p) === boardKey(plain[i]) && p.rotate === 0 && !p.removed);
};

function OrganizePanel({ value, onChange, files }: OptionsPanelProps<OrganizeOptions>) {
  const { t } = useTranslation();
  const board = useBoard(value, files);
  const kept = board.filter((p) => !p.removed).length;
  const removed = board.length - kept;
  const readable = files.filter((f) => f.pages !== undefined).length;

  return (
    <fieldset className="options">
      <legend className="options__legend">{t('options.organize.legend')}</legend>
      <p className="options__summary" role="status">
        <strong>{t('options.organize.kept', { count: kept })}</strong>
        {removed > 0 && ` ${t('options.organize.removedCount', { count: removed })}`}
      </p>
      {removed > 0 && (
        <button type="button" className="link-button" onClick={() => onChange({ board: restoreAll(board) })}>
          {t('options.organize.restoreAll')}
        </button>
      )}
      <div className="options__actions">
        {readable >= 2 && (
          <>
            <button type="button" className="button button--secondary button--small" onClick={() => onChange({ board: interleave(board, docsOf(files)) })}>
              {t('options.organize.interleave')}
            </button>
            <p className="field__help">{t('options.organize.interleaveHelp')}</p>
          </>
        )}
        <button type="button" className="link-button" disabled={isDefault(board, files)} onClick={() => onChange({ board: [] })}>
          {t('options.organize.reset')}
        </button>
      </div>
    </fieldset>
  );
}

export const organizeOptions = defineOptions<OrganizeOptions>({
  initial: { board: [] },
  toRequest: (value, files): OptionsOutcome => {
    for (const file of files) {
      const waiting = pagesHint(file);
      if (waiting) return { ok: false, hint: waiting };
    }
    const docs = docsOf(files);
    const order = boardOrder(reconcileBoard(value.board, docs), docs);
    return order ? { ok: true, fields: { order } } : { ok: false, hint: 'errors.CANNOT_DELETE_ALL' };
  },
  Panel: OrganizePanel,
  Pages: OrganizePages,
});
