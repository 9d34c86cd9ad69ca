import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Mode } from './useLoginForm';

const MODES: readonly Mode[] = ['password', 'sms'];
export const tabId = (mode: Mode) => `login-tab-${mode}`;
export const PANEL_ID = 'login-panel';

/** The password / SMS tabs: a WAI-ARIA tablist (← → Home End move and select, one tab stop). */
export function LoginTabs({ mode, onChange }: { mode: Mode; onChange: (mode: Mode) => void }) {
  const { t } = useTranslation('public');
  const list = useRef<HTMLDivElement>(null);
  const move = (e: KeyboardEvent) => {
    const at = MODES.indexOf(mode);
    const next =
      e.key === 'ArrowRight'
        ? MODES[(at + 1) % MODES.length]
        : e.key === 'ArrowLeft'
          ? MODES[(at - 1 + MODES.length) % MODES.length]
          : e.key === 'Home'
            ? MODES[0]
            : e.key === 'End'
              ? MODES[MODES.length - 1]
              : null;
    if (!next) return;
    e.preventDefault();
    onChange(next);
    list.current?.querySelector<HTMLElement>(`#${tabId(next)}`)?.focus();
  };
  return (
    <div className="vt-tabs" role="tablist" ref={list} onKeyDown={move}>
      {MODES.map((m) => (
        <button
          key={m}
          type="button"
          role="tab"
          id={tabId(m)}
          data-testid={tabId(m)}
          aria-selected={m === mode}
          aria-controls={PANEL_ID}
          tabIndex={m === mode ? 0 : -1}
          className="vt-tab"
          onClick={() => onChange(m)}
        >
          {t(m === 'password' ? 'login.tabPassword' : 'login.tabSms')}
        </button>
      ))}
    </div>
  );
}
