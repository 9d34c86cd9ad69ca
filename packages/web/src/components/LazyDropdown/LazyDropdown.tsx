import { cloneElement, useContext, useRef, useState, type ComponentType, type MouseEvent, type ReactElement } from 'react';
import { ConfigProvider, type DropdownProps } from 'antd';

type Trigger = ReactElement<{ className?: string; onMouseEnter?: (e: MouseEvent) => void; onMouseLeave?: (e: MouseEvent) => void }>;
type Props = Omit<DropdownProps, 'children' | 'open' | 'trigger'> & { children: Trigger };

let loaded: ComponentType<DropdownProps> | null = null;
const load = () => import('./antdDropdown').then((m) => (loaded = m.Dropdown));

/**
 * antd's Dropdown opening on hover (its default trigger), fetched when the pointer first reaches the
 * trigger: a menu nobody has opened is not part of a page's first paint (decisions/0101). Until then
 * the trigger is drawn as the Dropdown draws it (its `-trigger` class); when the chunk arrives with
 * the pointer still there, the menu opens, as it would have. Controlled from then on, which for
 * antd's Dropdown behaves as uncontrolled.
 */
export function LazyDropdown({ children, onOpenChange, ...props }: Props) {
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const [Dropdown, setDropdown] = useState(() => loaded);
  const [open, setOpen] = useState(false);
  const hovering = useRef(false);

  if (!Dropdown) {
    const { className, onMouseEnter, onMouseLeave } = children.props;
    return cloneElement(children, {
      className: [`${getPrefixCls('dropdown')}-trigger`, className].filter(Boolean).join(' '),
      onMouseEnter: (e: MouseEvent) => {
        onMouseEnter?.(e);
        hovering.current = true;
        void load().then((component) => {
          setOpen(hovering.current);
          setDropdown(() => component);
        });
      },
      onMouseLeave: (e: MouseEvent) => {
        onMouseLeave?.(e);
        hovering.current = false;
      },
    });
  }
  return (
    <Dropdown
      {...props}
      open={open}
      onOpenChange={(next, info) => {
        setOpen(next);
        onOpenChange?.(next, info);
      }}
    >
      {children}
    </Dropdown>
  );
}
