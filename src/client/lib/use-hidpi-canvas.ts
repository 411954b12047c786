import { useCallback, useEffect, useRef, useState } from 'react';

/** Beyond 3 device pixels per CSS pixel a canvas costs more memory and looks no sharper. */
const MAX_PIXEL_RATIO = 3;

export interface HiDpiFrame {
  canvas: HTMLCanvasElement;
  /** Scaled to CSS pixels: draw in the box's own coordinates. */
  context: CanvasRenderingContext2D;
  /** CSS pixels. */
  width: number;
  height: number;
  pixelRatio: number;
}

/**
 * A canvas drawn sharp on any screen: `width` follows its box (CSS pixels) as it resizes, and `prepare` sizes its
 * backing store to the screen's pixel ratio and clears it, returning the 2D context scaled to CSS pixels (null
 * before the box is laid out, or where the browser has no 2D canvas). Draw from an effect that depends on `width`.
 */
export function useHiDpiCanvas(height: number) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [width, setWidth] = useState(0);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.round(entry.contentRect.width));
    });
    observer.observe(canvas);
    return () => observer.disconnect();
  }, []);

  const prepare = useCallback((): HiDpiFrame | null => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context || width === 0) return null;
    // Read at every drawing: zooming or moving the window to another screen changes it.
    const pixelRatio = Math.min(window.devicePixelRatio || 1, MAX_PIXEL_RATIO);
    canvas.width = Math.round(width * pixelRatio);
    canvas.height = Math.round(height * pixelRatio);
    context.setTransform(pixelRatio, 0, 0, pixelRatio, 0, 0);
    return { canvas, context, width, height, pixelRatio };
  }, [width, height]);

  return { canvasRef, width, prepare };
}
