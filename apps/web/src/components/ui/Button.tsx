import type { ButtonHTMLAttributes } from 'react';

type Variant = 'gold' | 'outline' | 'ghost' | 'danger';

const variants: Record<Variant, string> = {
  gold: 'btn-gold font-bold shadow-[0_0.04rem_0.14rem_rgb(248_201_74_/_0.25)] disabled:opacity-45',
  outline: 'border border-line bg-raised/60 text-text hover:border-gold/60 disabled:opacity-45',
  ghost: 'text-muted hover:text-text disabled:opacity-45',
  danger: 'border border-rose/50 bg-rose/10 text-rose disabled:opacity-45',
};

/** 44 px minimum touch target (at 393 px width), rounded, with a visible focus ring. */
export function Button({
  variant = 'gold',
  className = '',
  type = 'button',
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return (
    <button
      type={type}
      className={`inline-flex min-h-44 items-center justify-center gap-6 rounded-xl px-16 text-base transition-colors disabled:cursor-not-allowed ${variants[variant]} ${className}`}
      {...rest}
    />
  );
}
