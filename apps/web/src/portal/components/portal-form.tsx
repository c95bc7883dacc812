import type { FormEventHandler, ReactNode } from 'react';

type Props = {
  title: string;
  /** The line under the title: what to do. */
  text: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** What went wrong, above the fields: a `PortalAlert`, or nothing. */
  error?: ReactNode;
  testId: string;
  children: ReactNode;
};

/** A form of the signed-out pages, as the panel's: title and line of help, what went wrong, then the fields. */
export function PortalForm({ title, text, onSubmit, error, testId, children }: Props) {
  return (
    <form noValidate onSubmit={onSubmit} data-testid={testId}>
      <div className="form-head">
        <h1>{title}</h1>
        <p className="muted">{text}</p>
      </div>
      {error}
      <div className="stack">{children}</div>
    </form>
  );
}
