import { useEffect, useState } from 'react';

let context: CanvasRenderingContext2D | null | undefined;

/** A canvas's 2D context for measuring text, made once (null where there is none: a test's DOM). */
function measuringContext(): CanvasRenderingContext2D | null {
  if (context === undefined) {
    try {
      context = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
    } catch {
      context = null;
    }
  }
  return context;
}

/**
 * How wide `text` is drawn in `font` (a CSS font shorthand: "600 14px Montserrat Variable, …"), in
 * pixels. The canvas draws with the page's fonts, falling back per character as the page does (Arabic
 * digits in Noto Sans Arabic). Without a canvas, an estimate on the wide side: 0.62 em a character.
 */
export function textWidth(text: string, font: string, fontSizePx: number): number {
  const canvas = measuringContext();
  if (!canvas) return text.length * fontSizePx * 0.62;
  canvas.font = font;
  return canvas.measureText(text).width;
}

/**
 * A number that changes each time the page's fonts finish loading: widths measured before a web font
 * arrived (with a fallback font) are measured again with it.
 */
export function useFontsLoaded(): number {
  const [loads, setLoads] = useState(0);
  useEffect(() => {
    const fonts = typeof document === 'undefined' ? undefined : document.fonts;
    if (!fonts?.addEventListener) return;
    const handleLoadingDone = () => setLoads((count) => count + 1);
    fonts.addEventListener('loadingdone', handleLoadingDone);
    return () => fonts.removeEventListener('loadingdone', handleLoadingDone);
  }, []);
  return loads;
}
