import { z } from 'zod';

const windowStateSchema = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().min(400),
  height: z.number().int().min(300),
  maximized: z.boolean(),
});
export type WindowState = z.infer<typeof windowStateSchema>;

type Rect = { x: number; y: number; width: number; height: number };

export const DEFAULT_WINDOW_SIZE = { width: 1280, height: 820 };

/**
 * The placement to restore: the saved one if it is still mostly on a connected display
 * (a laptop undocked from its monitor must not open off-screen), otherwise none.
 */
export function restorableWindowState(saved: string | null, displays: readonly Rect[]): WindowState | null {
  if (!saved) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(saved);
  } catch {
    return null;
  }
  const state = windowStateSchema.safeParse(parsed);
  if (!state.success) return null;
  const { x, y, width, height } = state.data;
  const visible = displays.some((display) => {
    const overlapX = Math.min(x + width, display.x + display.width) - Math.max(x, display.x);
    const overlapY = Math.min(y + height, display.y + display.height) - Math.max(y, display.y);
    return overlapX >= Math.min(200, width / 2) && overlapY >= Math.min(100, height / 2);
  });
  return visible ? state.data : null;
}
