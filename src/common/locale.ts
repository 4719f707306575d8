// The language of what self-generation injects: `locale` in config.json when set, else the
// environment's (POSIX order: LC_ALL, then LC_MESSAGES, then LANG; the first one set wins): Korean
// on a Korean system (`ko`, `ko_KR.UTF-8`, …), English otherwise (including C / POSIX).
export type Locale = 'ko' | 'en';

/** The variables that decide the locale, in POSIX order. */
export const LOCALE_VARS = ['LC_ALL', 'LC_MESSAGES', 'LANG'] as const;
export type LocaleVar = (typeof LOCALE_VARS)[number];

export function localeFromEnv(env: NodeJS.ProcessEnv = process.env): Locale {
  const v = env.LC_ALL || env.LC_MESSAGES || env.LANG || '';
  return /^ko(?:[_.@-]|$)/i.test(v) ? 'ko' : 'en';
}

/** What a locale name may hold (`ko_KR.UTF-8`, `en_US.utf8@euro`, `C`); anything else is dropped. */
const LOCALE_VALUE = /^[A-Za-z0-9_.@+,:-]{1,128}$/;

/**
 * A hook client's locale variables as the warm clients send them (`LC_ALL=… LC_MESSAGES=… LANG=…`,
 * an empty value for one unset). Unknown names and odd values are dropped (read as unset).
 */
export function parseLocaleVars(text: string): Partial<Record<LocaleVar, string>> {
  const out: Partial<Record<LocaleVar, string>> = {};
  for (const pair of text.slice(0, 1024).split(' ')) {
    const i = pair.indexOf('=');
    const name = pair.slice(0, i) as LocaleVar;
    const value = pair.slice(i + 1);
    if (i > 0 && LOCALE_VARS.includes(name) && LOCALE_VALUE.test(value)) out[name] = value;
  }
  return out;
}

/** `env` with its locale variables replaced by a caller's (the warm server answering one hook call). */
export function withCallerLocale(
  env: NodeJS.ProcessEnv,
  caller: Partial<Record<LocaleVar, string>>,
): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = { ...env };
  for (const name of LOCALE_VARS) {
    if (caller[name]) out[name] = caller[name];
    else delete out[name];
  }
  return out;
}
