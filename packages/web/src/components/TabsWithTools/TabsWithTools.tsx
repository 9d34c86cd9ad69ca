import type { ReactNode } from 'react';
import { Tabs, type TabsProps } from 'antd';
import './tabs-with-tools.css';

/**
 * Tabs with a toolbar on the right of the tab bar. antd's `tabBarExtraContent` puts the toolbar
 * inside the `role="tablist"` element, where buttons and switches are not tabs (axe:
 * aria-required-children); here the toolbar is the tab bar's neighbour, laid over its right end.
 */
export function TabsWithTools({ tools, ...props }: TabsProps & { tools?: ReactNode }) {
  return (
    <div className="vt-tabs-with-tools">
      {tools ? <div className="vt-tabs-tools">{tools}</div> : null}
      <Tabs {...props} />
    </div>
  );
}
