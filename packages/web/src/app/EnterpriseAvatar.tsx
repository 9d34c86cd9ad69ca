// Without antd: the shell drawn while the console loads shows it too (ConsoleShell.tsx).

/** The enterprise logo, or its initial on a coloured disc. */
export function EnterpriseAvatar({ title, logo, size = 32 }: { title?: string; logo?: string; size?: number }) {
  const initial = (title ?? '').trim().charAt(0).toUpperCase() || 'V';
  if (logo) return <img src={logo} alt="" width={size} height={size} style={{ borderRadius: 8, objectFit: 'cover' }} />;
  return (
    <span
      aria-hidden
      style={{
        width: size,
        height: size,
        borderRadius: 8,
        background: '#2f5bea',
        color: '#fff',
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        fontWeight: 600,
        fontSize: size * 0.45,
        flex: 'none',
      }}
    >
      {initial}
    </span>
  );
}
