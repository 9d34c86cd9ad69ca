import type { ReactNode } from 'react';
import { AlertIcon, CheckIcon, InfoIcon } from '../_public/icons';

type Kind = 'success' | 'info' | 'error';
const ICONS = { success: CheckIcon, info: InfoIcon, error: AlertIcon } as const;

/** A notice in the login panel: success and info are polite status, an error is an alert. */
export function Notice({
  kind,
  children,
  action,
  testId,
}: {
  kind: Kind;
  children: ReactNode;
  action?: ReactNode;
  testId?: string;
}) {
  const Icon = ICONS[kind];
  return (
    <div className={`vt-notice vt-notice-${kind}`} role={kind === 'error' ? 'alert' : 'status'} data-testid={testId}>
      <span className="vt-notice-icon">
        <Icon />
      </span>
      <div className="vt-notice-text">{children}</div>
      {action}
    </div>
  );
}
