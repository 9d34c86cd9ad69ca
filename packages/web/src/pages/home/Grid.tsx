import type { ReactNode } from 'react';

type Span = 4 | 6 | 8 | 10 | 12 | 14 | 24;

/**
 * The rows of cards of /home in CSS grid (home.css): 24 columns, 16 px apart, a cell spanning
 * `xs` columns on a phone and `md`, `lg`, `xl` from antd's breakpoints up — the geometry of antd's
 * Row gutter={[16, 16]} and Col, whose breakpoint styles (every span of every breakpoint) were the
 * costliest antd style the page generated as it first rendered (issue 25 §7).
 */
export function Grid({ children }: { children: ReactNode }) {
  return <div className="vt-grid">{children}</div>;
}

export function Cell({
  xs = 24,
  md,
  lg,
  xl,
  children,
}: {
  xs?: Span;
  md?: Span;
  lg?: Span;
  xl?: Span;
  children: ReactNode;
}) {
  const classes = [`vt-cell-xs-${xs}`];
  if (md) classes.push(`vt-cell-md-${md}`);
  if (lg) classes.push(`vt-cell-lg-${lg}`);
  if (xl) classes.push(`vt-cell-xl-${xl}`);
  return <div className={classes.join(' ')}>{children}</div>;
}
