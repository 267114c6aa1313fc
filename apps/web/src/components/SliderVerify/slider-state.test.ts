import { describe, expect, it } from 'vitest';
import { initialSlider, type SliderAction, sliderReducer } from './slider-state';

const run = (actions: SliderAction[]) => actions.reduce(sliderReducer, initialSlider);

describe('slider verification', () => {
  it('dragging the full width succeeds and pins the handle at the end', () => {
    const s = run([
      { type: 'start', clientX: 100, max: 260 },
      { type: 'move', clientX: 250 },
      { type: 'move', clientX: 360 },
    ]);
    expect(s).toMatchObject({ status: 'success', offset: 260 });
  });

  it('overshooting still ends exactly at the end', () => {
    expect(
      run([
        { type: 'start', clientX: 0, max: 200 },
        { type: 'move', clientX: 999 },
      ]),
    ).toMatchObject({
      status: 'success',
      offset: 200,
    });
  });

  it('one pixel short is not enough; releasing resets to the start', () => {
    const dragged = run([
      { type: 'start', clientX: 0, max: 200 },
      { type: 'move', clientX: 199 },
    ]);
    expect(dragged).toMatchObject({ status: 'dragging', offset: 199 });
    expect(sliderReducer(dragged, { type: 'end' })).toMatchObject({ status: 'idle', offset: 0 });
  });

  it('cannot go left of the start', () => {
    expect(
      run([
        { type: 'start', clientX: 50, max: 200 },
        { type: 'move', clientX: 10 },
      ]),
    ).toMatchObject({ offset: 0 });
  });

  it('locks after success: further drags and releases change nothing', () => {
    const ok = run([
      { type: 'start', clientX: 0, max: 100 },
      { type: 'move', clientX: 100 },
    ]);
    expect(sliderReducer(ok, { type: 'end' })).toBe(ok);
    expect(sliderReducer(ok, { type: 'start', clientX: 0, max: 100 })).toBe(ok);
    expect(sliderReducer(ok, { type: 'move', clientX: 0 })).toBe(ok);
    expect(sliderReducer(ok, { type: 'reset' })).toEqual(initialSlider);
  });

  it('moves without a drag are ignored', () => {
    expect(run([{ type: 'move', clientX: 500 }])).toEqual(initialSlider);
  });
});
