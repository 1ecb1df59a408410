import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database, Tx } from './client';

/**
 * Memory caches kept current across server instances (issue 18 §4). Every cache of data that an
 * administrator can change (grants, sessions, schools, deployment settings) is a SharedCache of one
 * CacheBus per process. A change evicts the entries it affects:
 *   - here at once, and
 *   - on every instance (this one included) when its transaction commits: `notify` sends a
 *     PostgreSQL NOTIFY on CACHE_CHANNEL inside the change's transaction, so a rolled-back change
 *     announces nothing and a committed one reaches every listener within milliseconds.
 * Each process keeps one LISTEN connection. While it is down no cache answers (every read goes to
 * the database); once it is back every cache starts empty (notices may have been missed meanwhile).
 * The expiry of each cache stays as a fallback.
 */
export const CACHE_CHANNEL = 'xiaowu_cache';

/** The tenant of entries that belong to no school (deployment settings). */
export const NO_TENANT = '*';

/** Evicts from every tenant (a notice with this tenant, or a reconnect). */
const EVERY_TENANT = '**';

interface Entry<V> {
  value: V;
  tenantId: string;
  /** what a narrower notice names (a user id), null: only tenant-wide notices reach it */
  subject: string | null;
  expiresAt: number;
}

/** Who an entry belongs to: its school and, optionally, the subject (a user) a notice may name. */
export interface Owner {
  tenantId: string;
  subject?: string | null;
}

export interface SharedCacheOptions {
  /** names the cache in notices: unique per process */
  name: string;
  /** fallback expiry of an entry (notices normally evict it long before) */
  ttlMs: number;
  /** beyond it the oldest entry makes room */
  maxEntries?: number;
}

/** One cache: entries by id, each owned by a tenant (and a subject), evicted by notices. */
export class SharedCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  /**
   * Counts evictions; `mark` reads it. A value loaded across an eviction of its own tenant (or its own
   * subject) is not stored, as it may predate the change; evictions of other schools or users don't
   * discard it.
   */
  private evictions = 0;
  /** the count at each scope's last eviction: `tenant` or `tenant subject` */
  private readonly lastEvicted = new Map<string, number>();
  /** marks below it are refused whatever their scope (set by an every-tenant eviction, or when lastEvicted was pruned) */
  private floor = 0;

  constructor(
    private readonly bus: CacheBus,
    readonly name: string,
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  /** The live entry of `id`, or undefined (absent, expired, or the bus cannot vouch for it). */
  get(id: string): V | undefined {
    if (!this.bus.servesFromCache) return undefined;
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      this.entries.delete(id);
      return undefined;
    }
    return entry.value;
  }

  /** Taken before reading what `set` will store: `set` then stores only if nothing was evicted meanwhile. */
  mark(): number {
    return this.evictions;
  }

  /** Whether an eviction reaching `owner`'s entries happened after `mark` was taken. */
  private evictedSince(mark: number, owner: Owner): boolean {
    if (mark < this.floor) return true;
    if ((this.lastEvicted.get(owner.tenantId) ?? -1) > mark) return true;
    return owner.subject != null && (this.lastEvicted.get(scopeKey(owner.tenantId, owner.subject)) ?? -1) > mark;
  }

  set(id: string, owner: Owner, value: V, mark: number): void {
    if (this.evictedSince(mark, owner) || !this.bus.servesFromCache) return;
    this.entries.delete(id);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(id, { value, tenantId: owner.tenantId, subject: owner.subject ?? null, expiresAt: Date.now() + this.ttlMs });
  }

  /** The cached value of `id`, else `load`'s (stored unless an eviction happened while it ran). */
  async load(id: string, owner: Owner, load: () => Promise<V>): Promise<V> {
    const cached = this.get(id);
    if (cached !== undefined) return cached;
    const mark = this.mark();
    const value = await load();
    this.set(id, owner, value, mark);
    return value;
  }

  /**
   * Drops the entries of a tenant (of one subject when named; only entry `id` of that subject when
   * named too), here only; `CacheBus.notify` tells every instance.
   */
  evict(tenantId: string, subject?: string | null, id?: string | null): void {
    this.evictions += 1;
    if (tenantId === EVERY_TENANT) {
      this.entries.clear();
      this.lastEvicted.clear();
      this.floor = this.evictions;
      return;
    }
    // a bounded record: past its size, every load in flight is refused once (safe) and it starts over
    if (this.lastEvicted.size >= MAX_EVICTION_SCOPES) {
      this.lastEvicted.clear();
      this.floor = this.evictions;
    }
    this.lastEvicted.set(subject == null ? tenantId : scopeKey(tenantId, subject), this.evictions);
    if (subject != null && id != null) {
      const entry = this.entries.get(id);
      if (entry?.tenantId === tenantId && entry.subject === subject) this.entries.delete(id);
      return;
    }
    for (const [entryId, entry] of this.entries) {
      if (entry.tenantId === tenantId && (subject == null || entry.subject === subject)) this.entries.delete(entryId);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}

/** How many tenants and subjects a cache remembers the last eviction of (see SharedCache.evict). */
const MAX_EVICTION_SCOPES = 10_000;

const scopeKey = (tenantId: string, subject: string) => `${tenantId} ${subject}`;

/** What a notice says: which caches, whose entries. */
export interface Notice {
  caches: readonly SharedCache<unknown>[];
  tenantId: string;
  /** a user id: only that user's entries (of caches that keep subjects); none: the whole tenant */
  subject?: string | null;
  /** with a subject: only this entry of it (an instance that does not read it evicts the whole subject) */
  id?: string | null;
}

interface Wire {
  /** cache names */
  c: string[];
  /** tenant id, NO_TENANT or EVERY_TENANT */
  t: string;
  s?: string;
  i?: string;
}

/** A parsed notice if it has the wire's shape, else null. */
function readWire(value: unknown): Wire | null {
  if (typeof value !== 'object' || value === null) return null;
  const { c, t, s, i } = value as Record<string, unknown>;
  if (!Array.isArray(c) || !c.every((name) => typeof name === 'string') || typeof t !== 'string') return null;
  if (s !== undefined && typeof s !== 'string') return null;
  if (i !== undefined && typeof i !== 'string') return null;
  return { c, t, s, i };
}

interface BusLog {
  warn(object: object, message: string): void;
  info(object: object, message: string): void;
}

type BusState = 'local' | 'connecting' | 'live' | 'stopped';

/** How often the listening connection is checked (a silently dropped connection delivers nothing). */
const HEALTH_CHECK_MS = 15_000;
const QUERY_TIMEOUT_MS = 5000;
const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 5000;

/** One per process (createServices): the caches, the LISTEN connection, and notices. */
export class CacheBus {
  private readonly caches = new Map<string, SharedCache<unknown>>();
  /**
   * 'local': not started (a single process, e.g. a script): caches serve, evictions are local.
   * 'connecting': started, not listening: no cache serves. 'live': listening: caches serve.
   */
  private state: BusState = 'local';
  /** the connection being opened or listening; events of any other (an older one) are ignored */
  private current: pg.Client | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private healthTimer: NodeJS.Timeout | null = null;
  private retryMs = RECONNECT_MIN_MS;
  private log: BusLog = { warn: () => undefined, info: () => undefined };
  /** notices received (tests and the bench read it) */
  received = 0;

  constructor(private readonly db: Database) {}

  /** A new cache on this bus (`name` is what notices call it). */
  sharedCache<V>(options: SharedCacheOptions): SharedCache<V> {
    if (this.caches.has(options.name)) throw new Error(`cache ${options.name} exists`);
    const cache = new SharedCache<V>(this, options.name, options.ttlMs, options.maxEntries ?? 10_000);
    this.caches.set(options.name, cache as SharedCache<unknown>);
    return cache;
  }

  /** Whether caches may answer: not started yet (one process), or listening. */
  get servesFromCache(): boolean {
    return this.state === 'local' || this.state === 'live';
  }

  get listening(): boolean {
    return this.state === 'live';
  }

  /** the listening connection's server process (diagnostics; tests cut it) */
  get listenerPid(): number | undefined {
    return this.state === 'live' ? ((this.current as unknown as { processID: number | null } | null)?.processID ?? undefined) : undefined;
  }

  /**
   * Evicts here at once and tells every instance when `tx` commits (nothing if it rolls back).
   * Call it in the transaction that makes the change.
   */
  async notify(tx: Tx, notice: Notice): Promise<void> {
    this.evictLocally(notice);
    await tx.execute(sql`SELECT pg_notify(${CACHE_CHANNEL}, ${JSON.stringify(toWire(notice))})`);
  }

  /** For a change already committed (in transactions of its own): evicts here and tells every instance now. */
  async publish(notice: Notice): Promise<void> {
    this.evictLocally(notice);
    await this.db.pool.query('SELECT pg_notify($1, $2)', [CACHE_CHANNEL, JSON.stringify(toWire(notice))]);
  }

  private evictLocally(notice: Notice): void {
    for (const cache of notice.caches) cache.evict(notice.tenantId, notice.subject, notice.id);
  }

  private clearAll(): void {
    for (const cache of this.caches.values()) cache.evict(EVERY_TENANT);
  }

  private receive(payload: string | undefined): void {
    this.received += 1;
    // Anyone who may log in can pg_notify this channel, and another version may send another shape:
    // a notice that is not ours clears everything (safe) and never throws in pg's event handler,
    // which would end every instance at once.
    let wire: Wire | null;
    try {
      wire = readWire(JSON.parse(payload ?? ''));
    } catch {
      wire = null;
    }
    if (!wire) {
      this.log.warn({ payload }, 'cache bus: unreadable notice; every cache cleared');
      this.clearAll();
      return;
    }
    for (const name of wire.c) {
      const cache = this.caches.get(name);
      // a cache this version does not know (a newer instance's): nothing of it is kept here
      cache?.evict(wire.t, wire.s, wire.i);
    }
  }

  /**
   * Starts listening; resolves once listening or after the first attempt failed (it then keeps
   * trying in the background, caches silent meanwhile).
   */
  async start(log?: BusLog): Promise<void> {
    if (log) this.log = log;
    if (this.state !== 'local') return;
    this.state = 'connecting';
    this.clearAll();
    await this.connect();
  }

  private async connect(): Promise<void> {
    if (this.state === 'stopped') return;
    // the pool's own settings (host, login role, password, TLS): the listener logs in as the app does
    // keep-alive and a query timeout: a connection cut without a word (a network partition) is found by
    // the health check within HEALTH_CHECK_MS + QUERY_TIMEOUT_MS instead of the system's hours
    const client = new pg.Client({
      ...this.db.pool.options,
      application_name: 'xiaowu-cache-bus',
      keepAlive: true,
      keepAliveInitialDelayMillis: HEALTH_CHECK_MS,
      query_timeout: QUERY_TIMEOUT_MS,
      connectionTimeoutMillis: QUERY_TIMEOUT_MS,
    });
    this.current = client;
    client.on('notification', (message) => {
      if (message.channel === CACHE_CHANNEL) this.receive(message.payload);
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, null));
    try {
      await client.connect();
      await client.query('LISTEN xiaowu_cache'); // CACHE_CHANNEL (LISTEN takes no parameter)
    } catch (error) {
      this.lost(client, error);
      return;
    }
    if (client !== this.current) {
      // stopped meanwhile
      await client.end().catch(() => undefined);
      return;
    }
    // notices sent while no one listened are lost: start empty
    this.clearAll();
    this.state = 'live';
    this.retryMs = RECONNECT_MIN_MS;
    this.healthTimer = setInterval(() => {
      client.query('SELECT 1').catch((error: unknown) => this.lost(client, error));
    }, HEALTH_CHECK_MS).unref();
  }

  private lost(client: pg.Client, error: unknown): void {
    if (client !== this.current) return;
    this.current = null;
    const wasLive = this.state === 'live';
    if (this.healthTimer) clearInterval(this.healthTimer);
    this.healthTimer = null;
    void client.end().catch(() => undefined);
    if (this.state === 'stopped') return;
    this.state = 'connecting';
    this.clearAll();
    if (wasLive) this.log.warn({ err: error }, 'cache bus: listening connection lost; caches off until it is back');
    if (this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.connect().then(() => {
        if (this.state === 'live') this.log.info({}, 'cache bus: listening again');
      });
    }, this.retryMs).unref();
    this.retryMs = Math.min(this.retryMs * 2, RECONNECT_MAX_MS);
  }

  async stop(): Promise<void> {
    this.state = 'stopped';
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.healthTimer) clearInterval(this.healthTimer);
    this.retryTimer = null;
    this.healthTimer = null;
    const client = this.current;
    this.current = null;
    this.clearAll();
    if (client) await client.end().catch(() => undefined);
  }
}

function toWire(notice: Notice): Wire {
  const wire: Wire = { c: notice.caches.map((cache) => cache.name), t: notice.tenantId };
  if (notice.subject) {
    wire.s = notice.subject;
    if (notice.id) wire.i = notice.id;
  }
  return wire;
}
