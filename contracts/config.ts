import { z } from 'zod';

/**
 * The runtime configuration file `public/config.json` (SPEC §3 "Runtime configuration"),
 * read synchronously at start-up, so one build serves any deployment.
 */
export const runtimeConfigSchema = z.object({
  /** API base address; '' means the same origin as the page */
  apiBaseUrl: z.string(),
  /** mobile page address (links sent to phones) */
  mobileBaseUrl: z.string(),
  loginTitle: z.string(),
  loginFooter: z.string(),
  pageTitle: z.string(),
  /** 'local': our own login page; 'ids': an identity server, expiry goes to `{redirectUrl}/timeout` */
  loginType: z.enum(['local', 'ids']),
  /** logo used when the school has none, or its logo fails to load */
  logoUrl: z.string(),
  /** identity-server base address for the timeout page */
  redirectUrl: z.string(),
  /** default name of the token header before login tells us `headerName` */
  tokenHeaderName: z.string().min(1),
  appId: z.string(),
  agentId: z.string(),
  /** ICP record-filing number shown in the login footer */
  recordNumber: z.string(),
  /** request encryption (SPEC §7): AES body + RSA-wrapped key in a signature header */
  requestEncryption: z.boolean(),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
