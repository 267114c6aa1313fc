import { describe, expect, it } from 'vitest';
import { frameViolation } from './socket-auth.ts';

const limits = { maxFrameBytes: 4, maxFramesPerWindow: 2, windowMs: 1000 };

describe('frameViolation (per-socket frame budget shared by /websocket and /vxeSocket)', () => {
  it('counts frames per window: the third in a window breaks it (1008), a new window starts again', () => {
    const c = { windowStart: 0, frames: 0 };
    expect(frameViolation(c, Buffer.from('a'), limits, 10)).toBeNull();
    expect(frameViolation(c, Buffer.from('b'), limits, 20)).toBeNull();
    expect(frameViolation(c, Buffer.from('c'), limits, 30)).toEqual({ code: 1008, reason: 'too many frames' });
    expect(frameViolation(c, Buffer.from('d'), limits, 1030)).toBeNull();
    expect(c).toEqual({ windowStart: 1030, frames: 1 });
  });

  it('a frame over the size breaks it (1009), fragments counted together', () => {
    const c = { windowStart: 0, frames: 0 };
    expect(frameViolation(c, Buffer.from('12345'), limits, 1)).toEqual({ code: 1009, reason: 'frame too large' });
    expect(frameViolation(c, [Buffer.from('12'), Buffer.from('34')], limits, 2)).toBeNull();
  });
});
