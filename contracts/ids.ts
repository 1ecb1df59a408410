/** Ids are UUIDs (v7 from the server and offline clients); zod-free, for checks outside a contract. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a text is a UUID (any version, either case). */
export const isUuid = (text: string): boolean => UUID_PATTERN.test(text);
