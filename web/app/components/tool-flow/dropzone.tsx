import { useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PlusIcon, UploadIcon } from '../icons';

interface DropzoneProps {
  multiple: boolean;
  accept: string;
  /** Shown under the button, e.g. "Up to 30 files, 100 MB each". */
  limits: string;
  /** A line under the limits: what downloading the result will ask (see useDownloadNotice). */
  note?: string;
  /** The button's words, naming what to pick ("Select images"); PDF files by default. */
  choose?: string;
  onFiles: (files: File[]) => void;
  /** The small "Add more files" tile shown beside a list. */
  compact?: boolean;
}

const carriesFiles = (e: DragEvent) => e.dataTransfer.types.includes('Files');

/** A file picker (a real, focusable file input) that also takes files dropped on it. */
export function Dropzone({ multiple, accept, limits, note, choose: chooseLabel, onFiles, compact = false }: DropzoneProps) {
  const { t } = useTranslation();
  const id = useId();
  const [active, setActive] = useState(false);
  const depth = useRef(0);

  const onDragEnter = (e: DragEvent) => {
    if (!carriesFiles(e)) return;
    e.preventDefault();
    depth.current++;
    setActive(true);
  };
  const onDragOver = (e: DragEvent) => {
    if (!carriesFiles(e)) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'copy';
  };
  const onDragLeave = (e: DragEvent) => {
    if (!carriesFiles(e)) return;
    depth.current = Math.max(0, depth.current - 1);
    if (depth.current === 0) setActive(false);
  };
  const onDrop = (e: DragEvent) => {
    if (!carriesFiles(e)) return;
    e.preventDefault();
    depth.current = 0;
    setActive(false);
    onFiles(Array.from(e.dataTransfer.files));
  };

  const className = ['dropzone', compact && 'dropzone--compact', active && 'is-active'].filter(Boolean).join(' ');
  const choose = compact ? t('flow.dropzone.addMore') : (chooseLabel ?? t(`flow.dropzone.choose.pdf.${multiple ? 'many' : 'one'}`));

  return (
    <div className={className} onDragEnter={onDragEnter} onDragOver={onDragOver} onDragLeave={onDragLeave} onDrop={onDrop}>
      <input
        id={id}
        className="visually-hidden dropzone__input"
        type="file"
        multiple={multiple}
        accept={accept}
        onChange={(e) => {
          onFiles(Array.from(e.target.files ?? []));
          // Lets the user pick the same file again after removing it.
          e.target.value = '';
        }}
      />
      {compact ? (
        <label htmlFor={id} className="dropzone__tile">
          <PlusIcon width={28} height={28} />
          <span>{choose}</span>
        </label>
      ) : (
        <>
          <UploadIcon className="dropzone__icon" width={40} height={40} />
          <label htmlFor={id} className="button button--primary button--xl">
            {choose}
          </label>
          <p className="dropzone__hint">
            {active ? t('flow.dropzone.dropActive') : t(multiple ? 'flow.dropzone.dropHere' : 'flow.dropzone.dropHereOne')}
          </p>
          <p className="dropzone__limits">{limits}</p>
          {note && <p className="dropzone__note">{note}</p>}
        </>
      )}
    </div>
  );
}
