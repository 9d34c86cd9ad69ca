import type { ReactNode } from 'react';
import { Typography } from 'antd';
import { InboxOutlined } from '@ant-design/icons';

export type EmptyStateProps = {
  title: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  /** Buttons or links under the text. */
  actions?: ReactNode;
  testId?: string;
  /** Inside a small table or a drawer: the same state, less room. */
  compact?: boolean;
};

/** A calm, centred empty state: icon, title, one or two lines, and what the user can do next. */
export function EmptyState({ title, description, icon, actions, testId, compact }: EmptyStateProps) {
  return (
    <div data-testid={testId} style={compact ? { ...styles.wrap, ...styles.compact } : styles.wrap}>
      <div style={compact ? { ...styles.icon, ...styles.compactIcon } : styles.icon}>{icon ?? <InboxOutlined />}</div>
      <Typography.Title level={compact ? 5 : 4} style={styles.title}>
        {title}
      </Typography.Title>
      {description ? (
        <Typography.Paragraph type="secondary" style={styles.text}>
          {description}
        </Typography.Paragraph>
      ) : null}
      {actions ? <div style={styles.actions}>{actions}</div> : null}
    </div>
  );
}

const styles = {
  wrap: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    textAlign: 'center',
    padding: '64px 24px',
    minHeight: 360,
    background: '#fff',
    borderRadius: 12,
  },
  icon: {
    width: 72,
    height: 72,
    borderRadius: 36,
    background: '#eef2ff',
    color: '#2f5bea',
    fontSize: 32,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    marginBottom: 16,
  },
  compact: { padding: '24px 16px', minHeight: 0, background: 'transparent' },
  compactIcon: { width: 48, height: 48, borderRadius: 24, fontSize: 22, marginBottom: 12 },
  title: { margin: '0 0 8px' },
  text: { maxWidth: 460, marginBottom: 20 },
  actions: { display: 'flex', gap: 12, flexWrap: 'wrap', justifyContent: 'center' },
} as const;
