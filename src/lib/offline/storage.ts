/**
 * Device storage (OFFLINE.md §9): ask the browser to keep this origin's data (IndexedDB with the
 * outbox) under storage pressure, and report usage for the outbox panel.
 */
export async function requestPersistentStorage(): Promise<boolean> {
  try {
    const storage = navigator.storage;
    if (!storage?.persist) return false;
    if (await storage.persisted?.()) return true;
    return await storage.persist();
  } catch {
    return false;
  }
}

export interface StorageUsage {
  usage: number;
  quota: number;
  persisted: boolean;
}

export async function storageUsage(): Promise<StorageUsage | null> {
  try {
    const storage = navigator.storage;
    if (!storage?.estimate) return null;
    const [estimate, persisted] = await Promise.all([storage.estimate(), storage.persisted?.() ?? Promise.resolve(false)]);
    return { usage: estimate.usage ?? 0, quota: estimate.quota ?? 0, persisted };
  } catch {
    return null;
  }
}
