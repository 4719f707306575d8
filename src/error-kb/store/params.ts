/** `?, ?, …`: one placeholder per id, for `IN (…)`. */
export const inList = (ids: readonly unknown[]): string => ids.map(() => '?').join(',');
