import type { StudioGameInfo } from '@aposta/contracts';

/** Each kind of game has its own dress: the page, the frame around the reels and the spin button. */
export const THEMES: Record<
  StudioGameInfo['kind'],
  { page: string; frame: string; glow: string; accent: string }
> = {
  grid3x3: {
    page: 'bg-[radial-gradient(ellipse_at_top,#b91c1c_0%,#450a0a_55%,#1c0606_100%)]',
    frame: 'border-[#f8c94a] bg-[linear-gradient(180deg,#7f1d1d,#3b0a0a)]',
    glow: 'shadow-[0_0_0.3rem_rgb(248_201_74/0.35),inset_0_0_0.2rem_rgb(0_0_0/0.6)]',
    accent: 'text-[#fde68a]',
  },
  lines5x3: {
    page: 'bg-[radial-gradient(ellipse_at_top,#7e22ce_0%,#2e1065_55%,#12042b_100%)]',
    frame: 'border-[#f472b6] bg-[linear-gradient(180deg,#3b0764,#1e1b4b)]',
    glow: 'shadow-[0_0_0.3rem_rgb(244_114_182/0.35),inset_0_0_0.2rem_rgb(0_0_0/0.6)]',
    accent: 'text-[#f9a8d4]',
  },
  cluster: {
    page: 'bg-[radial-gradient(ellipse_at_top,#db2777_0%,#581c87_50%,#1e0b3a_100%)]',
    frame: 'border-[#67e8f9] bg-[linear-gradient(180deg,#831843,#3b0764)]',
    glow: 'shadow-[0_0_0.3rem_rgb(103_232_249/0.35),inset_0_0_0.2rem_rgb(0_0_0/0.6)]',
    accent: 'text-[#a5f3fc]',
  },
};
