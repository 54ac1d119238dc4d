import { useId } from 'react';
import { Button } from './Button';

/** What a signed-out visitor sees on a screen that needs a session: its title, why, and the way in. */
export function LoginFirst({
  title,
  text,
  action,
  onAction,
}: {
  title: string;
  text: string;
  action: string;
  onAction: () => void;
}) {
  const titleId = useId();
  return (
    <section className="flex flex-col items-center gap-16 px-24 py-56 text-center" aria-labelledby={titleId}>
      <h1 id={titleId} className="text-xl font-bold">
        {title}
      </h1>
      <p className="text-sm text-muted">{text}</p>
      <Button onClick={onAction}>{action}</Button>
    </section>
  );
}
