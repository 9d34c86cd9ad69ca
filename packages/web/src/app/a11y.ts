/**
 * antd renders a table's horizontal scroll region without a tabindex, so keyboard users cannot
 * scroll it (axe: scrollable-region-focusable). Written once for every table: regions that appear
 * are made focusable, at most once per animation frame.
 */
export function focusableScrollRegions(root: HTMLElement = document.body): () => void {
  let queued = false;
  const mark = () => {
    queued = false;
    for (const el of root.querySelectorAll('.ant-table-content, .ant-table-body')) {
      if (!el.hasAttribute('tabindex')) el.setAttribute('tabindex', '0');
    }
  };
  const observer = new MutationObserver(() => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(mark);
  });
  observer.observe(root, { childList: true, subtree: true });
  mark();
  return () => observer.disconnect();
}
