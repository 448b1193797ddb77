import { useRef, useState } from 'react';
import { thumbUrl } from '~/lib/api-client';
import { useNearViewport } from '~/hooks/use-near-viewport';

interface PageThumbProps {
  /** Upload token of the page's file; until it is known the blank sheet stands in. */
  token?: string;
  /** 1-based page within its file. */
  page: number;
  /** Extra clockwise turn the result will have. */
  rotate: number;
}

/**
 * A page thumbnail fetched only once it nears the viewport. While it loads, or if it cannot be
 * had, a blank sheet with the page number stands in; both show the turn the result will have.
 */
export function PageThumb({ token, page, rotate }: PageThumbProps) {
  const frame = useRef<HTMLDivElement>(null);
  const near = useNearViewport(frame);
  const [state, setState] = useState<'loading' | 'ready' | 'broken'>('loading');
  const src = token && near && state !== 'broken' ? thumbUrl(token, page) : undefined;
  const turn = rotate ? { transform: `rotate(${rotate}deg)` } : undefined;

  return (
    <div className={`page-thumb is-${state}`} ref={frame} aria-hidden="true">
      {state !== 'ready' && (
        <span className="page-thumb__sheet" style={turn}>
          {page}
        </span>
      )}
      {src && (
        <img
          src={src}
          alt=""
          loading="lazy"
          decoding="async"
          draggable={false}
          style={turn}
          onLoad={() => setState('ready')}
          onError={() => setState('broken')}
        />
      )}
    </div>
  );
}
