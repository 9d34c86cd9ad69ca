import { Checkbox } from 'antd';
import { useTranslation } from 'react-i18next';

/** The staff roles a scheme ranks (by their job); none checked: every employee of the shops. */
export function StaffRolesField({ value, onChange }: { value?: number[]; onChange?: (v: number[]) => void }) {
  const { t } = useTranslation('incentives');
  return (
    <Checkbox.Group
      data-testid="field-staff-roles"
      value={value ?? []}
      onChange={(v) => onChange?.(v as number[])}
      options={[1, 2].map((r) => ({ value: r, label: t(`role.${r}`) }))}
    />
  );
}
