// The console's antd theme, in a module without antd: the antd-free landing page (decisions/0119)
// and its CSS use the same colours.
export const THEME = {
  // Text and link colours reach WCAG AA (4.5:1) on white and on the layout grey: antd's defaults
  // (secondary text at 45 % black, links in #1677ff) do not (issue 8 §4, checked by e2e/a11y.e2e.ts).
  token: {
    colorPrimary: '#2f5bea',
    colorInfo: '#2f5bea',
    colorLink: '#2f5bea',
    borderRadius: 8,
    colorBgLayout: '#f5f7fa',
    colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
    colorTextLabel: 'rgba(0, 0, 0, 0.7)',
    colorError: '#cf1322',
  },
} as const;
