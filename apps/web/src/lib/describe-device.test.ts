import { describe, expect, it } from 'vitest';
import { describeDevice } from './describe-device';

describe('describeDevice', () => {
  it('names common browsers and systems', () => {
    expect(
      describeDevice(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
      ),
    ).toEqual({ kind: 'known', browser: 'Chrome', system: 'Windows' });
    expect(
      describeDevice(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 Edg/131.0',
      ),
    ).toEqual({ kind: 'known', browser: 'Edge', system: 'Windows' });
    expect(
      describeDevice(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      ),
    ).toEqual({ kind: 'known', browser: 'Safari', system: 'iOS' });
    expect(describeDevice('Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0')).toEqual({
      kind: 'known',
      browser: 'Firefox',
      system: 'Linux',
    });
  });

  it('falls back to the raw text, shortened, or to unknown', () => {
    expect(describeDevice('curl/8.5.0')).toEqual({ kind: 'raw', text: 'curl/8.5.0' });
    expect(describeDevice('x'.repeat(80))).toEqual({ kind: 'raw', text: `${'x'.repeat(60)}…` });
    expect(describeDevice(null)).toEqual({ kind: 'unknown' });
  });
});
