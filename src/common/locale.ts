// The language of what self-generation injects: `locale` in config.json when set, else the
// environment's (POSIX order: LC_ALL, then LC_MESSAGES, then LANG; the first one set wins): Korean
// on a Korean system (`ko`, `ko_KR.UTF-8`, …), English otherwise (including C / POSIX).
export type Locale = 'ko' | 'en';

export function localeFromEnv(env: NodeJS.ProcessEnv = process.env): Locale {
  const v = env.LC_ALL || env.LC_MESSAGES || env.LANG || '';
  return /^ko(?:[_.@-]|$)/i.test(v) ? 'ko' : 'en';
}
