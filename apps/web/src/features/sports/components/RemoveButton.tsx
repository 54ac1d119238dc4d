import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/Icon';

/** A leg's "remove" cross (slip, builder): a 44 px target named after the leg. */
export function RemoveButton({
  name,
  onClick,
  className = '',
}: {
  name: string;
  onClick: () => void;
  className?: string;
}) {
  const { t } = useTranslation('sports');
  return (
    <button
      type="button"
      aria-label={t('slip.remove', { name })}
      onClick={onClick}
      className={`flex size-44 shrink-0 items-center justify-center text-muted ${className}`}
    >
      <Icon name="close" className="size-14" />
    </button>
  );
}
