import { describe, expect, test } from 'vitest';
import { restorableWindowState } from '../../electron/core/window-state';

const laptop = { x: 0, y: 0, width: 1440, height: 900 };
const monitor = { x: 1440, y: 0, width: 2560, height: 1440 };
const saved = (state: object) => JSON.stringify({ width: 1280, height: 820, maximized: false, ...state });

describe('where the window opens', () => {
  test('where the agent left it, when that is on a connected display', () => {
    expect(restorableWindowState(saved({ x: 1600, y: 100 }), [laptop, monitor])).toEqual({
      x: 1600,
      y: 100,
      width: 1280,
      height: 820,
      maximized: false,
    });
  });

  test('not off-screen after the monitor it was on is unplugged', () => {
    expect(restorableWindowState(saved({ x: 1600, y: 100 }), [laptop])).toBeNull();
  });

  test.each(['', 'not json', '{"x":"a"}', saved({ x: 1, y: 1, width: 10 })])('ignores a damaged saved state: %s', (text) => {
    expect(restorableWindowState(text, [laptop])).toBeNull();
  });
});
