import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router';

export type MenuEntry = { key: string; label: string; to?: string; selected?: boolean };

type Props = {
  /** The trigger's content (icon and text); `label` names it when it shows only an icon. */
  children: ReactNode;
  label?: string;
  testId?: string;
  items: readonly MenuEntry[];
  onSelect?: (key: string) => void;
};

/**
 * A small menu button for the public header, without antd (decisions/0119): opens on hover as the
 * antd Dropdown it replaces did, and on click or the keyboard (Enter, Space, ↓; ↑/↓ between items,
 * Escape closes). Items are links when they have `to`.
 */
export function HoverMenu({ children, label, testId, items, onSelect }: Props) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const closing = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const hoveredAt = useRef(0);
  const id = useId();

  useEffect(() => {
    if (!open) return undefined;
    const outside = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);
  useEffect(() => () => clearTimeout(closing.current), []);

  const show = () => {
    clearTimeout(closing.current);
    hoveredAt.current = Date.now();
    setOpen(true);
  };
  // the pointer that clicks has just opened the menu by hovering (a tap too): the click keeps it open
  const toggle = () => setOpen((was) => !was || Date.now() - hoveredAt.current < 500);
  const hide = () => {
    clearTimeout(closing.current);
    closing.current = setTimeout(() => setOpen(false), 150);
  };
  const focusItem = (step: number) => {
    const entries = [...(root.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = entries.indexOf(document.activeElement as HTMLElement);
    entries[(at + step + entries.length) % entries.length]?.focus();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && open) {
      setOpen(false);
      root.current?.querySelector<HTMLElement>('button')?.focus();
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) setOpen(true);
      requestAnimationFrame(() => focusItem(e.key === 'ArrowDown' ? 1 : -1));
    }
  };
  const choose = (key: string) => {
    setOpen(false);
    onSelect?.(key);
  };

  return (
    <div className="vt-menu" ref={root} onMouseEnter={show} onMouseLeave={hide} onKeyDown={onKeyDown}>
      <button
        type="button"
        className="vt-btn vt-btn-text"
        data-testid={testId}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={toggle}
      >
        {children}
      </button>
      {open && (
        <ul className="vt-menu-list" role="menu" id={id}>
          {items.map((item) => (
            <li key={item.key} role="none">
              {item.to ? (
                <Link
                  role="menuitem"
                  className={item.selected ? 'vt-menu-item is-selected' : 'vt-menu-item'}
                  to={item.to}
                  aria-current={item.selected ? 'page' : undefined}
                  onClick={() => choose(item.key)}
                >
                  {item.label}
                </Link>
              ) : (
                <button
                  type="button"
                  role="menuitem"
                  className={item.selected ? 'vt-menu-item is-selected' : 'vt-menu-item'}
                  onClick={() => choose(item.key)}
                >
                  {item.label}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
