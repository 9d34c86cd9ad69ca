import { Checkbox } from 'antd';
import { useTranslation } from 'react-i18next';
import { ROLE } from '@vitrine/contract';

/** The staff roles a scheme ranks (by their job); none checked: every employee of the shops. */
export function StaffRolesField({ value, onChange }: { value?: number[]; onChange?: (v: number[]) => void }) {
  const { t } = useTranslation('incentives');
  return (
    <Checkbox.Group
      data-testid="field-staff-roles"
      value={value ?? []}
      onChange={(v) => onChange?.(v as number[])}
      options={[ROLE.assistant, ROLE.manager].map((r) => ({ value: r, label: t(`role.${r}`) }))}
    />
  );
}
