/*
 * Features do not import each other (STYLE.md habit 8), so this is a short copy of the profile's
 * sessions/lib/describe-device.ts rules; both read a User-Agent as "Chrome on Windows".
 */
const BROWSERS: Array<[RegExp, string]> = [
  [/Edg\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\//, 'Firefox'],
  [/Chrome\/|Chromium\/|CriOS\//, 'Chrome'],
  [/Version\/.*Safari\//, 'Safari'],
];
const SYSTEMS: Array<[RegExp, string]> = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

const first = (rules: Array<[RegExp, string]>, text: string) => rules.find(([pattern]) => pattern.test(text))?.[1];

/** Browser and system when both are known, one of them, or the raw text shortened; null without a User-Agent. */
export function deviceName(userAgent: string | null, join: (browser: string, system: string) => string) {
  if (!userAgent) return null;
  const browser = first(BROWSERS, userAgent);
  const system = first(SYSTEMS, userAgent);
  if (browser && system) return join(browser, system);
  return browser ?? system ?? (userAgent.length > 60 ? `${userAgent.slice(0, 60)}…` : userAgent);
}
