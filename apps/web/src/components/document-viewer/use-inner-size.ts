import { useMediaQuery } from '@mantine/hooks';
import { useCallback, useRef, useState } from 'react';

/**
 * The space inside an element that scrolls: its client size (without a scrollbar) less its padding.
 * Mantine's useElementSize reports the border box, scrollbar and padding included, and a page fitted
 * to that ran 32 px past the right edge.
 */
export function useInnerSize() {
  const [size, setSize] = useState({ width: 0, height: 0 });
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((element: HTMLDivElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!element) return;
    const measure = () => {
      const style = getComputedStyle(element);
      const width = element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const height = element.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
      setSize((previous) =>
        previous.width === width && previous.height === height
          ? previous
          : { width: Math.max(0, width), height: Math.max(0, height) },
      );
    };
    observer.current = new ResizeObserver(measure);
    observer.current.observe(element);
    measure();
  }, []);
  return { ref, ...size };
}

/** Tooltips for a pointer that hovers; on a touch screen one would stay over the file after a tap. */
export function useHoverTooltips(): boolean {
  return !(useMediaQuery('(hover: none)', false, { getInitialValueInEffect: false }) ?? false);
}
