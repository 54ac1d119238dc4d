/** A small set of line icons drawn for this app (24-unit grid, currentColor). */
const paths = {
  menu: 'M4 7h16M4 12h16M4 17h10',
  close: 'M6 6l12 12M18 6L6 18',
  refresh: 'M20 11a8 8 0 10-2.3 5.7M20 5v6h-6',
  copy: 'M9 9h10v11H9zM5 15V4h10',
  eye: 'M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12zm10 3a3 3 0 100-6 3 3 0 000 6z',
  eyeOff:
    'M3 3l18 18M10.6 6.1A10 10 0 0112 6c6.4 0 10 6 10 6a17 17 0 01-3.2 3.9M6.5 7.6C3.9 9.4 2 12 2 12s3.6 7 10 7a9.8 9.8 0 004.3-1',
  home: 'M3 11l9-7 9 7v9a1 1 0 01-1 1h-5v-6h-6v6H4a1 1 0 01-1-1z',
  ball: 'M12 3a9 9 0 100 18 9 9 0 000-18zm0 4l4 3-1.5 4.5h-5L8 10zm0-4v4m4 3l4.5-1.5M14.5 14.5l2.5 4M9.5 14.5L7 18.5M8 10L3.5 8.5',
  dice: 'M5 3h14a2 2 0 012 2v14a2 2 0 01-2 2H5a2 2 0 01-2-2V5a2 2 0 012-2zm3.5 4.5h.01M15.5 15.5h.01M12 12h.01M15.5 7.5h.01M8.5 15.5h.01',
  gift: 'M4 11h16v10H4zM3 7h18v4H3zm9 0v14M12 7S10.5 3 8 3.5 7 7 12 7zm0 0s1.5-4 4-3.5S17 7 12 7z',
  wallet: 'M3 7a2 2 0 012-2h13v4M3 7v11a2 2 0 002 2h15V9H5a2 2 0 01-2-2zm14 7h.01',
  chat: 'M4 5h16v11H9l-5 4z',
  chevron: 'M9 6l6 6-6 6',
  globe: 'M12 3a9 9 0 100 18 9 9 0 000-18zM3 12h18M12 3c3 3.5 3 14.5 0 18M12 3c-3 3.5-3 14.5 0 18',
  logout: 'M15 4h4v16h-4M10 8l-4 4 4 4M6 12h10',
  lock: 'M6 11h12v10H6zM8.5 11V7.5a3.5 3.5 0 017 0V11',
  crown: 'M3 8l4.5 4L12 5l4.5 7L21 8l-2 11H5z',
  share:
    'M8 12a3 3 0 11-6 0 3 3 0 016 0zm14-6a3 3 0 11-6 0 3 3 0 016 0zm0 12a3 3 0 11-6 0 3 3 0 016 0zM7.5 10.5l9-3M7.5 13.5l9 3',
  download: 'M12 3v12m-5-5l5 5 5-5M4 20h16',
  people: 'M9 11a4 4 0 100-8 4 4 0 000 8zm-7 10a7 7 0 0114 0M17 11a3 3 0 000-6m2 16a6 6 0 00-3.5-5.5',
  user: 'M12 12a4.5 4.5 0 100-9 4.5 4.5 0 000 9zm-8 9a8 8 0 0116 0',
  headset: 'M4 14v-2a8 8 0 0116 0v2M4 14h3v6H5a1 1 0 01-1-1zm16 0h-3v6h2a1 1 0 001-1z',
  send: 'M21 3L3 11l7 3 3 7z',
  ladder: 'M7 3v18M17 3v18M7 7h10M7 12h10M7 17h10',
  record: 'M6 3h12v18H6zM9 8h6M9 12h6M9 16h4',
  bell: 'M6 16V11a6 6 0 1112 0v5l2 2H4zm4 4h4',
  shield: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z',
  calendar: 'M4 6h16v15H4zM4 10h16M8 3v5M16 3v5',
  spade: 'M12 3s-8 6-8 11a4 4 0 007 2.5L10 21h4l-1-4.5A4 4 0 0020 14c0-5-8-11-8-11z',
} as const;

export type IconName = keyof typeof paths;

export function Icon({ name, className = 'size-20' }: { name: IconName; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      aria-hidden="true"
    >
      <path d={paths[name]} />
    </svg>
  );
}
