import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { ChevronDownIcon } from './chrome-icons';
import { LinkGroup } from './link-group';
import type { ChromeGroup } from './nav-links';

interface NavMenuProps {
  label: ReactNode;
  groups: ChromeGroup[];
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Extra class of the panel (its width). */
  variant?: 'wide' | 'mega';
}

/**
 * A header menu on the disclosure pattern: a button (aria-expanded) that shows a panel of links.
 * Enter and Space toggle it, ArrowDown opens it on its first link, arrows move between links,
 * Escape closes it and gives focus back to the button, Tab goes through the links in order and
 * closes it on leaving. The links are in the server's HTML even while it is closed.
 */
export function NavMenu({ label, groups, open, onOpenChange, variant }: NavMenuProps) {
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  const links = () => Array.from(panel.current?.querySelectorAll<HTMLElement>('a') ?? []);
  const focusLink = (index: number) => {
    const all = links();
    all[(index + all.length) % all.length]?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      onOpenChange(true);
      // The panel is shown on the next render.
      requestAnimationFrame(() => focusLink(event.key === 'ArrowDown' ? 0 : -1));
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      onOpenChange(false);
    }
  };

  const onPanelKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const all = links();
    const current = all.indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number> = { ArrowDown: current + 1, ArrowRight: current + 1, ArrowUp: current - 1, ArrowLeft: current - 1, Home: 0, End: -1 };
    if (event.key in moves) {
      event.preventDefault();
      focusLink(moves[event.key]);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onOpenChange(false);
      button.current?.focus();
    }
  };

  return (
    <li
      className="nav-menu"
      onBlur={(event) => {
        // Focus moved on to something outside (Tab); a click elsewhere is the header's business.
        if (open && event.relatedTarget && !event.currentTarget.contains(event.relatedTarget as Node)) onOpenChange(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className="site-nav__item nav-menu__button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => onOpenChange(!open)}
        onKeyDown={onButtonKeyDown}
      >
        {label}
        <ChevronDownIcon className="nav-menu__chevron" />
      </button>
      <div ref={panel} id={panelId} className={`nav-menu__panel${variant ? ` nav-menu__panel--${variant}` : ''}`} hidden={!open} onKeyDown={onPanelKeyDown}>
        {groups.map((group, index) => (
          <LinkGroup key={group.heading ?? index} group={group} block="nav-menu" withIcon onNavigate={() => onOpenChange(false)} />
        ))}
      </div>
    </li>
  );
}
