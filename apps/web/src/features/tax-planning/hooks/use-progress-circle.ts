import { useEffect, useState } from 'react';

/** Spec 03 section 4: the circle starts at 10 and rises by 30 each second until 100. */
export const PROGRESS_START = 10;
export const PROGRESS_STEP = 30;
export const PROGRESS_INTERVAL_MS = 1_000;

export function useProgressCircle(): { value: number; complete: boolean } {
  const [value, setValue] = useState(PROGRESS_START);
  const complete = value >= 100;
  useEffect(() => {
    if (complete) return;
    const timer = setTimeout(() => setValue((current) => Math.min(100, current + PROGRESS_STEP)), PROGRESS_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [value, complete]);
  return { value, complete };
}
