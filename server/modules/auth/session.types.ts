/** Who is calling: the session a request carries (plugins/session.ts reads it; every service takes it). */
export interface Session {
  tenantId: string;
  sessionId: string;
  userId: string;
  tokenHash: string;
  /** the request used the replaced token during its grace period: never rotate again from it */
  viaPreviousToken: boolean;
  tokenAgeSeconds: number;
  idleSeconds: number;
  expiresInSeconds: number;
}

/** What touchSession did: the caller sends the renewed token and marks the activity written once committed. */
export interface SessionTouch {
  renewedToken: string | null;
  activityWritten: boolean;
}

export interface ClientMeta {
  ip: string;
  userAgent: string;
  /** host name of the request (tenant by host) */
  host: string;
  /** told the school (and, once the password matched, the account) a login attempt belongs to: the app log files it there */
  onCaller?(tenantId: string, userId: string | null): void;
}
