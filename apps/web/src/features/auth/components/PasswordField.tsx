import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/Icon';
import { TextField } from '../../../components/ui/TextField';

interface PasswordFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  name: string;
  autoComplete: 'current-password' | 'new-password';
  error?: string;
}

export function PasswordField({ label, value, onChange, name, autoComplete, error }: PasswordFieldProps) {
  const { t } = useTranslation('auth');
  const [shown, setShown] = useState(false);
  return (
    <TextField
      label={label}
      name={name}
      type={shown ? 'text' : 'password'}
      autoComplete={autoComplete}
      placeholder={t('passwordPlaceholder')}
      value={value}
      error={error}
      maxLength={128}
      onChange={(e) => onChange(e.target.value)}
      trailing={
        <button
          type="button"
          onClick={() => setShown((s) => !s)}
          aria-label={shown ? t('hidePassword') : t('showPassword')}
          aria-pressed={shown}
          className="flex size-44 items-center justify-center text-muted"
        >
          <Icon name={shown ? 'eyeOff' : 'eye'} className="size-18" />
        </button>
      }
    />
  );
}
