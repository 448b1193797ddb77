import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalize } from '~/lib/i18n';
import { ToolIcon } from '../tool-icon';
import type { ChromeGroup } from './nav-links';

interface LinkGroupProps {
  group: ChromeGroup;
  /** BEM block of the group: `<block>__group`, `<block>__heading`. */
  block: string;
  headingAs?: 'p' | 'h2' | 'h3';
  /** Show the category's icon beside the heading. */
  withIcon?: boolean;
  onNavigate?: () => void;
}

/** A heading and its list of links, in the page's language (menus, drawer, footer). */
export function LinkGroup({ group, block, headingAs: Heading = 'p', withIcon = false, onNavigate }: LinkGroupProps) {
  const { t } = useTranslation();
  const localize = useLocalize();
  const headingId = useId();
  return (
    <div className={`${block}__group`}>
      {group.heading && (
        <Heading id={headingId} className={`${block}__heading`}>
          {withIcon && group.category && <ToolIcon category={group.category} />}
          {t(group.heading)}
        </Heading>
      )}
      <ul aria-labelledby={group.heading ? headingId : undefined}>
        {group.links.map((link) => (
          <li key={link.to}>
            <Link to={localize(link.to)} onClick={onNavigate}>
              {t(link.label)}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
