import type { ReactNode } from 'react';
import { Icon, type IconProps } from '@chakra-ui/react';

/**
 * Inline stroke icons (no icon package, no icon CDN in the bundle). Decorative: hidden from
 * assistive tech, so a control that shows only an icon names itself with aria-label.
 * `make` is marked pure so a chunk keeps only the icons it uses.
 */
export const makeIcon = (path: ReactNode) =>
  function StrokeIcon(props: IconProps) {
    return (
      <Icon aria-hidden focusable={false} {...props}>
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          {path}
        </svg>
      </Icon>
    );
  };
const make = makeIcon;

export const MenuIcon = /* @__PURE__ */ make(<path d="M4 6h16M4 12h16M4 18h16" />);
export const ChevronDownIcon = /* @__PURE__ */ make(<path d="m6 9 6 6 6-6" />);
export const ChevronRightIcon = /* @__PURE__ */ make(<path d="m9 18 6-6-6-6" />);
export const LogoutIcon = /* @__PURE__ */ make(
  <>
    <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4" />
    <path d="m16 17 5-5-5-5" />
    <path d="M21 12H9" />
  </>,
);
export const HomeIcon = /* @__PURE__ */ make(
  <>
    <path d="m3 10 9-7 9 7" />
    <path d="M5 10v10h14V10" />
  </>,
);
export const GlobeIcon = /* @__PURE__ */ make(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
  </>,
);
export const DotIcon = /* @__PURE__ */ make(<circle cx="12" cy="12" r="3" fill="currentColor" />);
export const RefreshIcon = /* @__PURE__ */ make(
  <>
    <path d="M21 12a9 9 0 1 1-3-6.7" />
    <path d="M21 3v6h-6" />
  </>,
);
export const CloseIcon = /* @__PURE__ */ make(<path d="M18 6 6 18M6 6l12 12" />);
export const CheckIcon = /* @__PURE__ */ make(<path d="M20 6 9 17l-5-5" />);
export const MoreIcon = /* @__PURE__ */ make(
  <>
    <circle cx="5" cy="12" r="1" />
    <circle cx="12" cy="12" r="1" />
    <circle cx="19" cy="12" r="1" />
  </>,
);
/** Sidebar toggle: a panel with an arrow pointing the way it will move. */
export const PanelCloseIcon = /* @__PURE__ */ make(
  <>
    <rect x="3" y="3" width="18" height="18" rx="2" />
    <path d="M9 3v18M16 15l-3-3 3-3" />
  </>,
);
export const PanelOpenIcon = /* @__PURE__ */ make(
  <>
    <rect x="3" y="3" width="18" height="18" rx="2" />
    <path d="M9 3v18M14 9l3 3-3 3" />
  </>,
);
export const MaximizeIcon = /* @__PURE__ */ make(
  <path d="M8 3H5a2 2 0 0 0-2 2v3M21 8V5a2 2 0 0 0-2-2h-3M3 16v3a2 2 0 0 0 2 2h3M16 21h3a2 2 0 0 0 2-2v-3" />,
);
export const MinimizeIcon = /* @__PURE__ */ make(
  <path d="M8 3v3a2 2 0 0 1-2 2H3M21 8h-3a2 2 0 0 1-2-2V3M3 16h3a2 2 0 0 1 2 2v3M16 21v-3a2 2 0 0 1 2-2h3" />,
);
export const PaletteIcon = /* @__PURE__ */ make(
  <>
    <path d="M12 2a10 10 0 0 0 0 20c1 0 1.7-.8 1.7-1.7 0-.4-.2-.8-.4-1.1-.3-.3-.4-.7-.4-1.1 0-.9.8-1.7 1.7-1.7h2c3 0 5.4-2.4 5.4-5.4C22 6 17.5 2 12 2z" />
    <circle cx="7.5" cy="11.5" r="1" />
    <circle cx="10" cy="7" r="1" />
    <circle cx="15" cy="7" r="1" />
  </>,
);
export const LanguageIcon = GlobeIcon;
export const KeyIcon = /* @__PURE__ */ make(
  <>
    <circle cx="7.5" cy="15.5" r="4.5" />
    <path d="m21 2-9.6 9.6M15.5 7.5l3 3L22 7l-3-3" />
  </>,
);
export const InboxIcon = /* @__PURE__ */ make(
  <>
    <path d="M22 12h-6l-2 3h-4l-2-3H2" />
    <path d="M5.5 5.1 2 12v6a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2v-6l-3.5-6.9A2 2 0 0 0 16.8 4H7.2a2 2 0 0 0-1.7 1.1z" />
  </>,
);
