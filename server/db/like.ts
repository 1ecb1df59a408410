/** Text for a LIKE / ILIKE pattern that matches itself: `\`, `%` and `_` escaped (PostgreSQL's default escape is `\`). */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The ILIKE pattern of "contains `text`". */
export const containsPattern = (text: string): string => `%${escapeLike(text)}%`;
