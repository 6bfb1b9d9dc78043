/** The social feature's line icons (24 px grid, currentColor, decorative: the button names itself). */
import type { ReactNode } from 'react';
const Svg = ({ children }: { readonly children: ReactNode }) => (
  <svg
    width="18"
    height="18"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    {children}
  </svg>
);

export const HeartIcon = ({ filled }: { readonly filled: boolean }) => (
  <Svg>
    <path
      d="M12 20.5s-7.5-4.4-9.2-9.1C1.6 8 3.8 4.5 7.3 4.5c2 0 3.5 1.1 4.7 2.7 1.2-1.6 2.7-2.7 4.7-2.7 3.5 0 5.7 3.5 4.5 6.9-1.7 4.7-9.2 9.1-9.2 9.1z"
      fill={filled ? 'currentColor' : 'none'}
    />
  </Svg>
);

export const BookmarkIcon = ({ filled }: { readonly filled: boolean }) => (
  <Svg>
    <path d="M6 3.5h12v17l-6-4-6 4z" fill={filled ? 'currentColor' : 'none'} />
  </Svg>
);

export const ChevronIcon = () => (
  <Svg>
    <path d="M6 9l6 6 6-6" />
  </Svg>
);

export const BellIcon = () => (
  <Svg>
    <path d="M6 16V11a6 6 0 1 1 12 0v5l2 2H4z" />
    <path d="M10 20a2 2 0 0 0 4 0" />
  </Svg>
);

export const FolderIcon = () => (
  <Svg>
    <path d="M3 6.5h6l2 2h10v10H3z" />
  </Svg>
);

export const PersonIcon = () => (
  <Svg>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" />
  </Svg>
);
