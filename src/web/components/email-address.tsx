import { Fragment } from 'react';

/**
 * An email address that may wrap in a narrow column: it breaks before the @ and before each dot of the domain
 * (where a reader expects it), and only within a part when even that part is wider than the column.
 */
export function EmailAddress({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  const parts = at > 0 ? [email.slice(0, at), ...email.slice(at).split(/(?=\.)/)] : [email];
  return (
    <span className="[overflow-wrap:anywhere]">
      {parts.map((part, index) => (
        // The parts of one address never change order; their positions are their keys.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
