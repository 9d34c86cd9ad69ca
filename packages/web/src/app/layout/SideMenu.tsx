import { memo, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MENU_HOVER_DELAY_MS, type MenuItem } from '@vitrine/contract';
import { toast } from '../../api/feedback';
import { useLang } from '../../i18n';
import { activeItem, canonicalPath, normalizePath } from './menuTree';
import { MenuIcon } from './menuIcons';

/** The data-centre entry; a separator line sits under it (spec §2). */
export const SEPARATOR_AFTER = '/count';

export const SideMenu = memo(function SideMenu({ items }: { items: MenuItem[] }) {
  const { t } = useTranslation(['layout', 'common']);
  const lang = useLang();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [hovered, setHovered] = useState<number | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const active = activeItem(items, pathname);

  useEffect(() => () => clearTimeout(timer.current), []);

  const enter = (id: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setHovered(id), MENU_HOVER_DELAY_MS);
  };
  const leave = () => {
    clearTimeout(timer.current);
    setHovered(null);
  };
  const open = (item: MenuItem) => {
    const path = normalizePath(item.path);
    if (!path) toast.warning(t('common:msg.noPath'), 'no-path');
    else void navigate(canonicalPath(path));
  };

  return (
    <nav className="vt-side" data-testid="side-menu" aria-label={t('side.label')}>
      <ul className="vt-side-list">
        {items.map((item) => {
          const path = normalizePath(item.path);
          const classes = ['vt-side-item'];
          if (item === active) classes.push('is-active');
          if (hovered === item.id) classes.push('is-hover');
          return (
            <li key={item.id}>
              <button
                type="button"
                className={classes.join(' ')}
                data-testid={`side-item-${path || item.id}`}
                onMouseEnter={() => enter(item.id)}
                onMouseLeave={leave}
                onClick={() => open(item)}
              >
                <span className="vt-side-icon">
                  <MenuIcon name={item.icon} path={path} />
                </span>
                <span className="vt-side-title">{lang === 'en' ? item.titleEn || item.title : item.title}</span>
              </button>
              {path === SEPARATOR_AFTER ? <div className="vt-side-divider" role="separator" /> : null}
            </li>
          );
        })}
      </ul>
    </nav>
  );
});
