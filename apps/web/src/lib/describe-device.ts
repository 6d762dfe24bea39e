export type Device =
  | { kind: 'known'; browser: string; system: string }
  | { kind: 'partial'; name: string }
  | { kind: 'raw'; text: string }
  | { kind: 'unknown' };

/**
 * A short name for a session's browser from its User-Agent (browser and system, shown as "Chrome on
 * Windows"). Only the common families are told apart; anything else shows the raw text, shortened.
 */
export function describeDevice(userAgent: string | null): Device {
  if (!userAgent) return { kind: 'unknown' };
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /OPR\/|Opera/.test(userAgent)
      ? 'Opera'
      : /Firefox\//.test(userAgent)
        ? 'Firefox'
        : /Chrome\/|Chromium\/|CriOS\//.test(userAgent)
          ? 'Chrome'
          : /Safari\//.test(userAgent) && /Version\//.test(userAgent)
            ? 'Safari'
            : null;
  const system = /iPhone|iPad|iPod/.test(userAgent)
    ? 'iOS'
    : /Android/.test(userAgent)
      ? 'Android'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(userAgent)
          ? 'macOS'
          : /CrOS/.test(userAgent)
            ? 'ChromeOS'
            : /Linux/.test(userAgent)
              ? 'Linux'
              : null;
  if (browser && system) return { kind: 'known', browser, system };
  const name = browser ?? system;
  if (name) return { kind: 'partial', name };
  return { kind: 'raw', text: userAgent.length > 60 ? `${userAgent.slice(0, 60)}…` : userAgent };
}
