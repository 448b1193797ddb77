import { useEffect, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FileCard, type FileCardProps } from './file-card';
import type { FileItem } from './flow-state';

const CARD_TYPE = 'application/x-sheaf-file';

interface FileListProps extends Pick<FileCardProps, 'onRemove' | 'onRetryUpload'> {
  files: FileItem[];
  reorderable: boolean;
  /** Cards side by side (several files) rather than one centred card. */
  grid: boolean;
  onMove: (uid: string, to: number) => void;
  children?: React.ReactNode;
}

/** The chosen files, in the order they will be sent; reorderable by drag-and-drop or with the arrow buttons. */
export function FileList({ files, reorderable, grid, onMove, onRemove, onRetryUpload, children }: FileListProps) {
  const { t } = useTranslation();
  const [dragged, setDragged] = useState<string | null>(null);
  const [target, setTarget] = useState<number | null>(null);
  // After a move by button, focus follows the moved file's button.
  const [focusAfterMove, setFocusAfterMove] = useState<{ uid: string; button: 'earlier' | 'later' } | null>(null);

  useEffect(() => {
    if (!focusAfterMove) return;
    const { uid, button } = focusAfterMove;
    const wanted = document.getElementById(`${uid}-${button}`) as HTMLButtonElement | null;
    const other = document.getElementById(`${uid}-${button === 'earlier' ? 'later' : 'earlier'}`) as HTMLButtonElement | null;
    (wanted && !wanted.disabled ? wanted : other)?.focus();
    setFocusAfterMove(null);
  }, [focusAfterMove, files]);

  const endDrag = () => {
    setDragged(null);
    setTarget(null);
  };

  const dragProps = (uid: string, index: number): FileCardProps['drag'] =>
    reorderable
      ? {
          isDragging: dragged === uid,
          isTarget: dragged !== null && dragged !== uid && target === index,
          onDragStart: (e: DragEvent) => {
            e.dataTransfer.setData(CARD_TYPE, uid);
            e.dataTransfer.effectAllowed = 'move';
            setDragged(uid);
          },
          onDragOver: (e: DragEvent) => {
            if (!e.dataTransfer.types.includes(CARD_TYPE)) return;
            e.preventDefault();
            e.dataTransfer.dropEffect = 'move';
            if (target !== index) setTarget(index);
          },
          onDrop: (e: DragEvent) => {
            const moving = e.dataTransfer.getData(CARD_TYPE);
            if (!moving) return;
            e.preventDefault();
            onMove(moving, index);
            endDrag();
          },
          onDragEnd: endDrag,
        }
      : undefined;

  return (
    <ol className={grid ? 'file-list file-list--grid' : 'file-list'} aria-label={t('flow.list.label')}>
      {files.map((item, index) => (
        <FileCard
          key={item.uid}
          item={item}
          index={index}
          total={files.length}
          reorderable={reorderable}
          onMove={(uid, to, button) => {
            onMove(uid, to);
            setFocusAfterMove({ uid, button });
          }}
          onRemove={onRemove}
          onRetryUpload={onRetryUpload}
          drag={dragProps(item.uid, index)}
        />
      ))}
      {children && <li className="file-list__extra">{children}</li>}
    </ol>
  );
}
