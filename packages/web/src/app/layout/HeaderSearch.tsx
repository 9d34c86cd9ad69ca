import { lazy, Suspense, useState } from 'react';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

// The header's search box (issue 11 §6). The first screen carries only a plain field; the box with
// its dropdown (antd AutoComplete, the search call) loads when the field is first hovered or focused.

const loadBox = () => import('./SearchBox');
const SearchBox = lazy(loadBox);

export function HeaderSearch() {
  const { t } = useTranslation('layout');
  const [active, setActive] = useState(false);
  const [text, setText] = useState('');
  // the same field while the box loads: what is typed meanwhile is kept
  const plain = (focus: boolean) => (
    <span className="vt-search vt-search-plain">
      <SearchOutlined aria-hidden className="vt-search-icon" />
      <input
        data-testid="header-search-input"
        aria-label={t('search.label')}
        placeholder={t('search.placeholder')}
        maxLength={50}
        value={text}
        autoFocus={focus}
        onChange={(e) => setText(e.target.value)}
        onFocus={() => setActive(true)}
        onPointerEnter={() => void loadBox()}
      />
    </span>
  );
  if (!active) return plain(false);
  return (
    <Suspense fallback={plain(true)}>
      <SearchBox value={text} onChange={setText} />
    </Suspense>
  );
}
