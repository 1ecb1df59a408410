import type { IconProps } from '@chakra-ui/react';
import type { ComponentType } from 'react';
import { DotIcon, GlobeIcon, HomeIcon, makeIcon } from './icons';

/**
 * Icons by name, for data that names its icon (menus carry names such as 'user' or 'chart' from the
 * server). A small local set drawn inline: unknown names fall back to a dot, so a new name on the
 * server never breaks a screen.
 */
const make = makeIcon;
const calendar = <path d="M5 4h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zM16 2v4M8 2v4M3 10h18" />;
const people = (
  <>
    <path d="M17 21v-2a4 4 0 0 0-4-4H5a4 4 0 0 0-4 4v2" />
    <circle cx="9" cy="7" r="4" />
    <path d="M23 21v-2a4 4 0 0 0-3-3.9M16 3.1a4 4 0 0 1 0 7.8" />
  </>
);
const clock = (
  <>
    <circle cx="12" cy="12" r="10" />
    <path d="M12 6v6l4 2" />
  </>
);
const document = <path d="M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8zM14 2v6h6M16 13H8M16 17H8M10 9H8" />;

const ICONS: Record<string, ComponentType<IconProps>> = {
  user: /* @__PURE__ */ make(
    <>
      <path d="M20 21v-2a4 4 0 0 0-4-4H8a4 4 0 0 0-4 4v2" />
      <circle cx="12" cy="7" r="4" />
    </>,
  ),
  peoples: /* @__PURE__ */ make(people),
  people: /* @__PURE__ */ make(
    <>
      <rect x="2" y="7" width="20" height="14" rx="2" />
      <path d="M16 21V5a2 2 0 0 0-2-2h-4a2 2 0 0 0-2 2v16" />
    </>,
  ),
  tree: /* @__PURE__ */ make(
    <>
      <rect x="9" y="3" width="6" height="5" rx="1" />
      <rect x="3" y="16" width="6" height="5" rx="1" />
      <rect x="15" y="16" width="6" height="5" rx="1" />
      <path d="M12 8v4M6 16v-4h12v4" />
    </>,
  ),
  date: /* @__PURE__ */ make(calendar),
  'date-range': /* @__PURE__ */ make(
    <>
      {calendar}
      <path d="M8 15h8" />
    </>,
  ),
  edit: /* @__PURE__ */ make(<path d="M12 20h9M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4z" />),
  education: /* @__PURE__ */ make(<path d="M22 10 12 5 2 10l10 5 10-5zM6 12v5c3 2 9 2 12 0v-5" />),
  build: /* @__PURE__ */ make(
    <path d="M5 2h14a1 1 0 0 1 1 1v19H4V3a1 1 0 0 1 1-1zM9 22v-4h6v4M8 6h.01M12 6h.01M16 6h.01M8 10h.01M12 10h.01M16 10h.01M8 14h.01M12 14h.01M16 14h.01" />,
  ),
  list: /* @__PURE__ */ make(<path d="M8 6h13M8 12h13M8 18h13M3 6h.01M3 12h.01M3 18h.01" />),
  chart: /* @__PURE__ */ make(<path d="M12 20V10M18 20V4M6 20v-4" />),
  documentation: /* @__PURE__ */ make(document),
  'tree-table': /* @__PURE__ */ make(<path d="M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zM3 9h18M9 9v12" />),
  table: /* @__PURE__ */ make(<path d="M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zM3 9h18M3 15h18M9 3v18M15 3v18" />),
  form: /* @__PURE__ */ make(
    <>
      <path d="M16 4h2a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h2" />
      <rect x="8" y="2" width="8" height="4" rx="1" />
    </>,
  ),
  zip: /* @__PURE__ */ make(
    <>
      <rect x="2" y="3" width="20" height="5" rx="1" />
      <path d="M4 8v11a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8M10 12h4" />
    </>,
  ),
  checkbox: /* @__PURE__ */ make(<path d="m9 11 3 3L22 4M21 12v7a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h11" />),
  star: /* @__PURE__ */ make(<path d="m12 2 3.1 6.3 6.9 1-5 4.9 1.2 6.8-6.2-3.2-6.2 3.2L7 14.2 2 9.3l6.9-1z" />),
  guide: /* @__PURE__ */ make(<path d="m3 11 19-9-9 19-2-8z" />),
  time: /* @__PURE__ */ make(clock),
  'time-range': /* @__PURE__ */ make(
    <>
      <circle cx="12" cy="13" r="8" />
      <path d="M12 9v4l2 2M5 3 2 6M22 6l-3-3" />
    </>,
  ),
  international: GlobeIcon,
  bug: /* @__PURE__ */ make(
    <>
      <rect x="8" y="6" width="8" height="14" rx="4" />
      <path d="m19 7-3 2M5 7l3 2M19 19l-3-2M5 19l3-2M20 13h-4M4 13h4M10 4l1 2M14 4l-1 2" />
    </>,
  ),
  skill: /* @__PURE__ */ make(
    <>
      <circle cx="12" cy="8" r="6" />
      <path d="M15.5 12.9 17 22l-5-3-5 3 1.5-9.1" />
    </>,
  ),
  example: /* @__PURE__ */ make(<path d="M22 12h-4l-3 9L9 3l-3 9H2" />),
  message: /* @__PURE__ */ make(<path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />),
  wechat: /* @__PURE__ */ make(<path d="M21 11.5a8.4 8.4 0 0 1-9 8.5 8.4 8.4 0 0 1-3.8-.9L3 21l1.9-5.7A8.4 8.4 0 0 1 4 11.5 8.5 8.5 0 0 1 12.5 3h.5a8.5 8.5 0 0 1 8 8z" />),
  flag: /* @__PURE__ */ make(<path d="M4 15s1-1 4-1 5 2 8 2 4-1 4-1V3s-1 1-4 1-5-2-8-2-4 1-4 1zM4 22v-7" />),
  'eye-open': /* @__PURE__ */ make(
    <>
      <path d="M1 12s4-8 11-8 11 8 11 8-4 8-11 8-11-8-11-8z" />
      <circle cx="12" cy="12" r="3" />
    </>,
  ),
  email: /* @__PURE__ */ make(
    <>
      <rect x="2" y="4" width="20" height="16" rx="2" />
      <path d="m22 6-10 7L2 6" />
    </>,
  ),
  question: /* @__PURE__ */ make(
    <>
      <circle cx="12" cy="12" r="10" />
      <path d="M9.1 9a3 3 0 0 1 5.8 1c0 2-3 3-3 3M12 17h.01" />
    </>,
  ),
  shopping: /* @__PURE__ */ make(<path d="M6 2 3 6v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6l-3-4zM3 6h18M16 10a4 4 0 0 1-8 0" />),
  money: /* @__PURE__ */ make(
    <>
      <rect x="1" y="4" width="22" height="16" rx="2" />
      <path d="M1 10h22" />
    </>,
  ),
  code: /* @__PURE__ */ make(<path d="m16 18 6-6-6-6M8 6l-6 6 6 6" />),
  monitor: /* @__PURE__ */ make(
    <>
      <rect x="2" y="3" width="20" height="14" rx="2" />
      <path d="M8 21h8M12 17v4" />
    </>,
  ),
  lock: /* @__PURE__ */ make(
    <>
      <rect x="3" y="11" width="18" height="11" rx="2" />
      <path d="M7 11V7a5 5 0 0 1 10 0v4" />
    </>,
  ),
  system: /* @__PURE__ */ make(<path d="M4 21v-7M4 10V3M12 21v-9M12 8V3M20 21v-5M20 12V3M1 14h6M9 8h6M17 16h6" />),
  dict: /* @__PURE__ */ make(<path d="M4 19.5A2.5 2.5 0 0 1 6.5 17H20M6.5 2H20v20H6.5A2.5 2.5 0 0 1 4 19.5v-15A2.5 2.5 0 0 1 6.5 2z" />),
  log: /* @__PURE__ */ make(<path d="m4 17 6-6-6-6M12 19h8" />),
  dashboard: /* @__PURE__ */ make(
    <>
      <rect x="3" y="3" width="7" height="9" rx="1" />
      <rect x="14" y="3" width="7" height="5" rx="1" />
      <rect x="14" y="12" width="7" height="9" rx="1" />
      <rect x="3" y="16" width="7" height="5" rx="1" />
    </>,
  ),
  home: HomeIcon,
};

/** The icon names this set draws (the rest fall back to a dot). */
export const ICON_NAMES: readonly string[] = Object.keys(ICONS);

export function NamedIcon({ name, ...props }: IconProps & { name: string }) {
  const Found = ICONS[name] ?? DotIcon;
  return <Found {...props} />;
}
