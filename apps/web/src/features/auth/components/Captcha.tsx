import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/Icon';
import { TextField } from '../../../components/ui/TextField';
import { captchaUrl } from '../api/auth';

interface CaptchaProps {
  codeId: string;
  value: string;
  onChange: (value: string) => void;
  onRefresh: () => void;
  error?: string;
}

/** The captcha field: the code image (tap to refresh) next to the input. */
export function Captcha({ codeId, value, onChange, onRefresh, error }: CaptchaProps) {
  const { t } = useTranslation('auth');
  return (
    <TextField
      label={t('captcha')}
      placeholder={t('captchaPlaceholder')}
      value={value}
      error={error}
      onChange={(e) => onChange(e.target.value.trim())}
      autoComplete="off"
      inputMode="text"
      maxLength={16}
      name="captCode"
      trailing={
        <button
          type="button"
          onClick={onRefresh}
          className="mr-4 flex min-h-44 items-center gap-4 rounded-lg pl-4 pr-6"
          aria-label={t('refreshCaptcha')}
        >
          <img
            key={codeId}
            src={captchaUrl(codeId)}
            alt={t('captchaImage')}
            width={100}
            height={36}
            className="h-36 w-100 rounded-md bg-white"
            data-testid="captcha-image"
            data-code-id={codeId}
          />
          <Icon name="refresh" className="size-16 text-muted" />
        </button>
      }
    />
  );
}
