import { z } from 'zod';

/** Password limits of SPEC §5 / §9. */
export const PASSWORD_MAX = 50;
export const LOGIN_PASSWORD_MIN = 5;

/**
 * The token header the server names in the login answer (`headerName`) unless configured otherwise,
 * and a sensible default for the runtime configuration's `tokenHeaderName`. A response carrying a
 * renewed token sets it in this same header.
 */
export const DEFAULT_TOKEN_HEADER = 'X-Access-Token';

/** `GET /api/login/options`: what the login form must show before the user types. */
export interface LoginOptions {
  captchaEnabled: boolean;
  /** the tenant the host name identifies, or null when the form must ask for the school */
  tenant: { code: string; name: string } | null;
  /** schools to choose from when `tenant` is null */
  tenants: { code: string; name: string }[];
  /** the server requires encrypted non-GET calls (XIAOWU_REQUEST_ENCRYPTION=on) */
  requestEncryption?: boolean;
}

/** `GET /api/captcha`: an SVG image and the id to send back with the answer. */
export interface CaptchaData {
  captchaId: string;
  /** `data:image/svg+xml;base64,...` */
  image: string;
}

/** `POST /api/login/v3`, form-encoded. */
export const loginRequest = z.object({
  username: z.string().trim().min(1).max(50),
  password: z.string().min(LOGIN_PASSWORD_MIN).max(PASSWORD_MAX),
  captchaId: z.string().max(64).optional(),
  captcha: z.string().trim().max(10).optional(),
  /** school code, when the host name does not identify one */
  tenant: z.string().trim().max(64).optional(),
});
export type LoginRequest = z.infer<typeof loginRequest>;
export interface LoginData {
  /** send the token back in this header */
  headerName: string;
  token: string;
  /** the account's id: the client signs encrypted calls with it (SPEC §7) and keys its offline store */
  userId: string;
}

/** Menu remark JSON of SPEC §3 (stored and sent as a JSON string in `remark`). */
export const menuRemarkSchema = z.object({
  menuNameEng: z.string().optional(),
  /** 'top' places the menu in the top bar */
  cdwz: z.enum(['top', 'left']).optional(),
  /** '1': shown as a home-page shortcut */
  sfswsy: z.enum(['0', '1']).optional(),
  /** '1': custom preview page */
  sfzdy: z.enum(['0', '1']).optional(),
  /** custom parameter appended to the path of a custom page */
  zdycs: z.string().optional(),
});
export type MenuRemark = z.infer<typeof menuRemarkSchema>;

export interface MenuNode {
  id: string;
  menuname: string;
  /** route path, e.g. '/jxgl/cjlr'; '' for a pure directory */
  menuurl: string;
  icon: string;
  /** JSON string of MenuRemark */
  remark: string;
  sort: number;
  hidden: boolean;
  alwaysShow: boolean;
  /** any-of permission codes the route demands (route meta) */
  perms: string[];
  children: MenuNode[];
}

/** `GET /ms/getPermission`. */
export interface PermissionPayload {
  menus: MenuNode[];
  /** permission codes of every granted menu and button */
  permission: string[];
  /** role codes */
  roles: string[];
  userInfo: {
    username: string;
    id: string;
    name: string;
    userType: UserType;
    tenant: string;
    tenantName: string;
    /** the password is an initial or reset one (用户管理): the client asks for a new one before going on */
    mustChangePassword?: boolean;
  };
  /**
   * 首页卡片: the ordered home-page card ids (contracts/home-cards.ts) of the user's first role (by sort,
   * code) that has a layout; null = the default (every card the user may see, built-in order)
   */
  homeCards: string[] | null;
  requestId: string;
}

/** SPEC §1: administrator (1), student (2), teacher (3), other (parent is 4). */
export const UserType = { admin: '1', student: '2', teacher: '3', parent: '4' } as const;
export type UserType = (typeof UserType)[keyof typeof UserType];

/** `GET /api/getExpires`: seconds until the session expires when idle. */
export interface ExpiresData {
  expiresIn: number;
}

/** `POST /userManage/getUserInfo`, form `userId`. */
export const getUserInfoRequest = z.object({ userId: z.string().trim().min(1).max(64) });
export interface UserInfoRow {
  ID: string;
  USERNAME: string;
  /** never the hash: always '' (the field exists for compatibility) */
  PASSWORD: string;
  ENABLED: '0' | '1';
}

/** `POST /api/login/getPwdStrategy`. */
export interface PwdStrategy {
  /** a regular expression the new password must match */
  rule: string;
  /** shown beside the label and as the message when it does not match */
  description: string;
}

/** `POST /api/security/get`: PEM public key for OAEP(SHA-256) encryption. */
export interface SecurityKey {
  publicKey: string;
  /** key id: goes into the request signature (`X-Sign: <kid>.<…>`); changes when the key is rotated */
  kid: string;
}

/**
 * What to hand to jsencrypt's `encryptOAEP`: it pads the string's char codes as bytes (no UTF-8),
 * so non-ASCII text must be turned into its UTF-8 bytes first. The server decrypts UTF-8.
 */
export const utf8BinaryString = (text: string): string => String.fromCharCode(...new TextEncoder().encode(text));

/**
 * `POST /api/saas/db/update/pwd`, form; both values RSA-OAEP(SHA-256) encrypted (base64) with the key
 * above, i.e. `jsencrypt.encryptOAEP(utf8BinaryString(value))`.
 */
export const updatePasswordRequest = z.object({
  oldPassword: z.string().min(1).max(1024),
  newPassword: z.string().min(1).max(1024),
});

/** `POST /api/internationalLanguage/getInternationalLanguageList`, form size=-1, page=0, search='{}'. */
export const languageListRequest = z.object({
  // -1: all (the server answers every entry whatever the size); a page is at most 500 like every list
  size: z.coerce.number().int().min(-1).max(500).default(-1),
  page: z.coerce.number().int().min(0).default(0),
  search: z.string().max(2000).default('{}'),
});
export interface LanguageListData {
  zh: Record<string, string>;
  en: Record<string, string>;
}

/** `GET /api/k12saas/xxjbxx/getLogo`: LOGO is a file id, or '' for the default logo. */
export interface LogoData {
  LOGO: string;
  /** ready-to-use address of the logo image, or '' */
  url: string;
}
