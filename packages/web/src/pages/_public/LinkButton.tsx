import { Button, type ButtonProps } from 'antd';
import { useNavigate } from 'react-router';

/** An antd Button that navigates inside the app (no nested <a><button>, no page reload). */
export function LinkButton({ to, ...props }: Omit<ButtonProps, 'href' | 'onClick'> & { to: string }) {
  const navigate = useNavigate();
  return <Button {...props} onClick={() => void navigate(to)} />;
}
