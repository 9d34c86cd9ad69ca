import { Button, Modal, Spin, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ROLE_DIALOG_WIDTH } from '@vitrine/contract';
import { api } from '../../api/routes';
import { call } from '../../api/client';
import { keys } from '../../api/keys';
import { appStore } from '../../state/app';
import { useStore } from '../../state/store';
import { chooseEnterprise, closeChooser, commitChoice, openEnterpriseChooser } from '../enterprise';
import { EnterpriseAvatar, EnterpriseStatusTag } from './EnterpriseStatusTag';

/** Role flag 1 or 4 (spec §4): one button per department / role; first the enterprise if none yet. */
export function RoleChooser() {
  const { t } = useTranslation('layout');
  const { roleFlag, selectedCompany, companyList, roleItem, activeCom } = useStore(appStore);
  const open = roleFlag === 1 || roleFlag === 4;
  const enCode = selectedCompany.companyCode ?? '';
  const roles = useQuery({
    queryKey: keys.account.roles(enCode),
    queryFn: async () => (await call(api.account.roles, { enCode })).list,
    enabled: open && Boolean(enCode),
  });
  const isCurrent = (node: string) => enCode === activeCom.companyCode && node === roleItem.roleNode;

  let body;
  if (!enCode) {
    body = (
      <div className="vt-chooser-list">
        {companyList.map((c) => (
          <Button key={c.companyCode} block className="vt-chooser-btn" onClick={() => void chooseEnterprise(c)}>
            <EnterpriseAvatar title={c.title} logo={c.logo} size={20} />
            <span className="vt-chooser-label">{c.title}</span>
            <EnterpriseStatusTag status={c.status} hideApproved />
          </Button>
        ))}
      </div>
    );
  } else if (roles.isPending) {
    body = (
      <div className="vt-spin" style={{ minHeight: 80 }}>
        <Spin />
      </div>
    );
  } else {
    body = (
      <div className="vt-chooser-list">
        {(roles.data ?? []).map((r) => (
          <Button
            key={`${r.deptId}:${r.roleNode}`}
            block
            type={isCurrent(r.roleNode) ? 'primary' : 'default'}
            data-testid={`role-option-${r.roleNode}`}
            onClick={() => commitChoice(selectedCompany, r)}
          >
            {`${r.deptName} / ${t(`common:roleName.${r.role}`, { defaultValue: r.roleName })}`}
          </Button>
        ))}
      </div>
    );
  }

  return (
    <Modal
      open={open}
      width={ROLE_DIALOG_WIDTH}
      title={enCode ? t('chooser.titleRole') : t('chooser.titleEnterprise')}
      footer={null}
      maskClosable={false}
      onCancel={closeChooser}
      destroyOnHidden
      modalRender={(node) => <div data-testid="role-chooser">{node}</div>}
    >
      {enCode ? (
        <Typography.Paragraph type="secondary" ellipsis style={{ marginBottom: 12 }}>
          {selectedCompany.title}
        </Typography.Paragraph>
      ) : null}
      {body}
      {enCode && roleFlag === 1 && companyList.length > 1 ? (
        <Button type="link" size="small" onClick={openEnterpriseChooser} style={{ marginTop: 8, paddingInline: 0 }}>
          {t('chooser.otherEnterprise')}
        </Button>
      ) : null}
    </Modal>
  );
}
