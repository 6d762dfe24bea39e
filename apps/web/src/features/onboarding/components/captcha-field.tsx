import type { CaptchaSettingsDto } from '@ledgerport/shared';
import { Button, Group, Input, Loader, Text } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getAltchaChallenge } from '../api/get-captcha';
import { altchaPayload } from '../lib/altcha-solver';
import { solveCaptcha } from '../lib/solve-captcha';

interface CaptchaFieldProps {
  settings: CaptchaSettingsDto;
  /** The token to send as `googleRecaptchaToken`; null while there is none (or it expired). */
  onChange: (token: string | null) => void;
  error?: string;
}

type AltchaState = 'solving' | 'solved' | 'failed';

/**
 * ALTCHA by default (DESIGN.md section 8): a signed challenge from the API, solved in a Web Worker as
 * soon as the form opens, so the user never waits on a puzzle. Each solution is good for one
 * submission: the form remounts this field (new `key`) after a rejected one to get a fresh challenge.
 */
function AltchaCaptcha({ onChange, error }: Omit<CaptchaFieldProps, 'settings'>) {
  const { t } = useTranslation();
  const [state, setState] = useState<AltchaState>('solving');
  const [attempt, setAttempt] = useState(0);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    const controller = new AbortController();
    setState('solving');
    onChangeRef.current(null);
    (async () => {
      const challenge = await getAltchaChallenge(controller.signal);
      const solution = await solveCaptcha(challenge, controller.signal);
      if (controller.signal.aborted) return;
      if (!solution) throw new Error('No solution');
      onChangeRef.current(altchaPayload(challenge, solution));
      setState('solved');
    })().catch(() => {
      if (!controller.signal.aborted) setState('failed');
    });
    return () => controller.abort();
  }, [attempt]);

  return (
    <Input.Wrapper label={t('onboarding.captcha.label')} description={t('onboarding.captcha.testMode')} error={error}>
      <Group gap="xs" mt={4} role="status" aria-live="polite">
        {state === 'solving' && (
          <>
            <Loader size="xs" aria-hidden />
            <Text size="sm">{t('onboarding.captcha.solving')}</Text>
          </>
        )}
        {state === 'solved' && (
          <>
            <IconShieldCheck size={18} color="var(--mantine-color-teal-7)" aria-hidden />
            <Text size="sm">{t('onboarding.captcha.solved')}</Text>
          </>
        )}
        {state === 'failed' && (
          <>
            <Text size="sm" c="red">
              {t('onboarding.captcha.failed')}
            </Text>
            <Button size="compact-sm" variant="light" onClick={() => setAttempt((value) => value + 1)}>
              {t('onboarding.captcha.retry')}
            </Button>
          </>
        )}
      </Group>
    </Input.Wrapper>
  );
}

interface Grecaptcha {
  render: (
    container: HTMLElement,
    options: { sitekey: string; callback: (token: string) => void; 'expired-callback': () => void },
  ) => number;
  ready: (callback: () => void) => void;
}
declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

const RECAPTCHA_SCRIPT = 'https://www.google.com/recaptcha/api.js?render=explicit';
let recaptchaLoading: Promise<Grecaptcha> | null = null;

/** Google's script is loaded only when the firm configured reCAPTCHA, and only on this page. */
function loadRecaptcha(): Promise<Grecaptcha> {
  recaptchaLoading ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = RECAPTCHA_SCRIPT;
    script.async = true;
    script.onload = () => window.grecaptcha?.ready(() => resolve(window.grecaptcha!));
    script.onerror = () => {
      recaptchaLoading = null;
      reject(new Error('reCAPTCHA could not be loaded'));
    };
    document.head.append(script);
  });
  return recaptchaLoading;
}

function Recaptcha({ siteKey, onChange, error }: Omit<CaptchaFieldProps, 'settings'> & { siteKey: string }) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    let cancelled = false;
    onChangeRef.current(null);
    void loadRecaptcha().then((grecaptcha) => {
      if (cancelled || !container.current) return;
      container.current.replaceChildren();
      grecaptcha.render(container.current, {
        sitekey: siteKey,
        callback: (token) => onChangeRef.current(token),
        // An expired token counts as missing (spec 03 section 5).
        'expired-callback': () => onChangeRef.current(null),
      });
    });
    return () => {
      cancelled = true;
    };
  }, [siteKey]);

  return (
    <Input.Wrapper label={t('onboarding.captcha.recaptchaLabel')} error={error}>
      <div ref={container} />
    </Input.Wrapper>
  );
}

/** The captcha of the general-info form on create (spec 03 section 5). */
export function CaptchaField({ settings, ...props }: CaptchaFieldProps) {
  return settings.provider === 'recaptcha' ? (
    <Recaptcha siteKey={settings.siteKey} {...props} />
  ) : (
    <AltchaCaptcha {...props} />
  );
}
