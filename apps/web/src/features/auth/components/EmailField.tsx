import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/ui/TextField';

/** Common mail domains of the audience, offered after the player types a name (spec: auto-suggest). */
export const MAIL_DOMAINS = [
  'gmail.com',
  'hotmail.com',
  'outlook.com',
  'yahoo.com.br',
  'icloud.com',
  'live.com',
  'uol.com.br',
  'bol.com.br',
];

export function mailSuggestions(value: string): string[] {
  const at = value.indexOf('@');
  const local = at < 0 ? value : value.slice(0, at);
  if (!local || /\s/.test(local)) return [];
  const typed = at < 0 ? '' : value.slice(at + 1);
  return MAIL_DOMAINS.filter((d) => d.startsWith(typed) && d !== typed).map((d) => `${local}@${d}`);
}

interface EmailFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  name?: string;
  autoFocus?: boolean;
  error?: string;
}

/** An e-mail input, lower-cased as typed (spec: username forced to lower case), with a domain list. */
export function EmailField({ label, value, onChange, name = 'username', autoFocus, error }: EmailFieldProps) {
  const { t } = useTranslation('auth');
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const options = open ? mailSuggestions(value).slice(0, 5) : [];

  function choose(option: string) {
    onChange(option);
    setOpen(false);
    setActive(-1);
  }

  return (
    <TextField
      label={label}
      name={name}
      type="email"
      inputMode="email"
      autoComplete="username"
      autoCapitalize="none"
      spellCheck={false}
      placeholder={t('usernamePlaceholder')}
      value={value}
      error={error}
      data-autofocus={autoFocus ? true : undefined}
      role="combobox"
      aria-expanded={options.length > 0}
      aria-controls={listId}
      aria-autocomplete="list"
      aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
      onChange={(e) => {
        onChange(e.target.value.toLowerCase().replace(/\s/g, ''));
        setOpen(true);
        setActive(-1);
      }}
      onKeyDown={(e) => {
        if (!options.length) return;
        if (e.key === 'ArrowDown') {
          e.preventDefault();
          setActive((a) => (a + 1) % options.length);
        } else if (e.key === 'ArrowUp') {
          e.preventDefault();
          setActive((a) => (a <= 0 ? options.length - 1 : a - 1));
        } else if (e.key === 'Enter' && active >= 0) {
          e.preventDefault();
          choose(options[active]!);
        } else if (e.key === 'Escape') {
          e.stopPropagation();
          setOpen(false);
        }
      }}
      below={
        // In the flow, one row of domains under the field: it never covers the button below it (the forgot-password
        // sheet's "Enviar código" sat under an overlaid list). It stays when the field is left (gone, it would move
        // the button being pressed); it goes with a choice, Escape, or an address no domain completes. Each chip
        // shows its domain; its name is the whole address.
        <ul
          id={listId}
          role="listbox"
          aria-label={t('suggestions')}
          hidden={options.length === 0}
          className="mt-6 flex gap-6 overflow-x-auto pb-2 [scrollbar-width:none]"
        >
          {options.map((option, i) => (
            <li
              key={option}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              aria-label={option}
              // The chip chosen by the arrow keys is scrolled into sight in the row.
              ref={
                i === active
                  ? (el) => el?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' })
                  : undefined
              }
              onMouseDown={(e) => {
                e.preventDefault();
                choose(option);
              }}
              className={`flex min-h-36 shrink-0 cursor-pointer items-center rounded-full border px-12 text-sm ${i === active ? 'border-gold bg-gold/15 text-gold' : 'border-line bg-raised text-text'}`}
            >
              {option.slice(option.indexOf('@'))}
            </li>
          ))}
        </ul>
      }
    />
  );
}
