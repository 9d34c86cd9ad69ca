import { useEffect, useRef } from 'react';
import { Button, Space, Tooltip } from 'antd';
import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  UnderlineOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import './inform.css';

// A small rich-text field: paragraphs, emphasis, lists and links — the subset the server keeps (it
// sanitises every body whatever arrives here). contentEditable with the browser's editing commands.

const COMMANDS = [
  { cmd: 'bold', icon: <BoldOutlined />, key: 'rich.bold' },
  { cmd: 'italic', icon: <ItalicOutlined />, key: 'rich.italic' },
  { cmd: 'underline', icon: <UnderlineOutlined />, key: 'rich.underline' },
  { cmd: 'insertUnorderedList', icon: <UnorderedListOutlined />, key: 'rich.bullets' },
  { cmd: 'insertOrderedList', icon: <OrderedListOutlined />, key: 'rich.numbers' },
] as const;

export function RichTextField({ value, onChange }: { value?: string; onChange?: (html: string) => void }) {
  const { t } = useTranslation('inform');
  const box = useRef<HTMLDivElement>(null);
  // the box owns its content while typing; a value from outside (an edited record) replaces it
  useEffect(() => {
    const el = box.current;
    if (el && el.innerHTML !== (value ?? '')) el.innerHTML = value ?? '';
  }, [value]);
  const run = (cmd: string, arg?: string) => {
    box.current?.focus();
    document.execCommand(cmd, false, arg);
    onChange?.(box.current?.innerHTML ?? '');
  };
  const link = () => {
    const url = window.prompt(t('rich.linkPrompt'), 'https://');
    if (url && /^(https?:|mailto:)/i.test(url)) run('createLink', url);
  };
  return (
    <div className="vt-rich" data-testid="field-body">
      <Space size={2} className="vt-rich-bar" role="toolbar" aria-label={t('rich.toolbar')}>
        {COMMANDS.map((c) => (
          <Tooltip key={c.cmd} title={t(c.key)}>
            <Button
              type="text"
              size="small"
              icon={c.icon}
              aria-label={t(c.key)}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => run(c.cmd)}
            />
          </Tooltip>
        ))}
        <Tooltip title={t('rich.link')}>
          <Button
            type="text"
            size="small"
            icon={<LinkOutlined />}
            aria-label={t('rich.link')}
            onMouseDown={(e) => e.preventDefault()}
            onClick={link}
          />
        </Tooltip>
      </Space>
      <div
        ref={box}
        className="vt-rich-box"
        contentEditable
        suppressContentEditableWarning
        role="textbox"
        aria-multiline="true"
        aria-label={t('field.body')}
        data-testid="field-body-box"
        data-placeholder={t('rich.placeholder')}
        onInput={() => onChange?.(box.current?.innerHTML ?? '')}
      />
    </div>
  );
}

/** A body the server sanitised (inform/get, inform/received), shown as written. */
export function RichTextView({ html }: { html: string }) {
  return <div className="vt-rich-view" data-testid="inform-body" dangerouslySetInnerHTML={{ __html: html }} />;
}
