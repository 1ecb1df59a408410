import type { ReactNode } from 'react';
import { Icon, type IconProps } from '@chakra-ui/react';

/** A few inline stroke icons (no icon package in the bundle). Decorative: hidden from assistive tech. */
const make = (path: ReactNode) =>
  function StrokeIcon(props: IconProps) {
    return (
      <Icon aria-hidden focusable={false} {...props}>
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          {path}
        </svg>
      </Icon>
    );
  };

export const MenuIcon = make(<path d="M4 6h16M4 12h16M4 18h16" />);
export const ChevronDownIcon = make(<path d="m6 9 6 6 6-6" />);
export const LogoutIcon = make(
  <>
    <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4" />
    <path d="m16 17 5-5-5-5" />
    <path d="M21 12H9" />
  </>,
);
export const HomeIcon = make(
  <>
    <path d="m3 10 9-7 9 7" />
    <path d="M5 10v10h14V10" />
  </>,
);
export const GlobeIcon = make(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
  </>,
);
export const DotIcon = make(<circle cx="12" cy="12" r="3" fill="currentColor" />);
export const RefreshIcon = make(
  <>
    <path d="M21 12a9 9 0 1 1-3-6.7" />
    <path d="M21 3v6h-6" />
  </>,
);
