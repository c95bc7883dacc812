import type { ReactNode } from 'react';

type Props = { severity: 'error' | 'warning' | 'success'; testId?: string; children: ReactNode };

/** A message in the colours of the panel's alerts; errors are announced (`alert`), the rest politely. */
export function PortalAlert({ severity, testId, children }: Props) {
  return (
    <div
      className={`alert alert-${severity}`}
      role={severity === 'error' ? 'alert' : 'status'}
      data-testid={testId}
    >
      {children}
    </div>
  );
}
