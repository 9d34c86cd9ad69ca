import { Spin } from 'antd';

/** The spinner shown while a lazy page loads or the main area reloads. */
export function PageSpin({ full = false }: { full?: boolean }) {
  return (
    <div className={full ? 'vt-spin vt-spin-full' : 'vt-spin'}>
      <Spin />
    </div>
  );
}
