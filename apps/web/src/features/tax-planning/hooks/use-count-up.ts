import { useEffect, useState } from 'react';

/** Spec 03 section 9: the total counts up over 4 seconds. */
export const COUNT_UP_MS = 4_000;

/** Counts from 0 to `target` over `durationMs`, easing out so the last digits settle visibly. */
export function useCountUp(target: number, durationMs = COUNT_UP_MS): number {
  const [value, setValue] = useState(0);
  useEffect(() => {
    let frame = 0;
    const start = performance.now();
    const tick = (now: number) => {
      const progress = Math.min(1, (now - start) / durationMs);
      const eased = 1 - (1 - progress) ** 3;
      setValue(progress === 1 ? target : Math.round(target * eased));
      if (progress < 1) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [target, durationMs]);
  return value;
}
