/**
 * Slider verification (spec 01 §5, spec 02 §4): idle → dragging → success (pinned at the end, locked) or back
 * to the start when released before the end. Pure reducer, driven by pointer positions.
 */

export type SliderStatus = 'idle' | 'dragging' | 'success';

export interface SliderState {
  status: SliderStatus;
  /** handle offset from the start, px */
  offset: number;
  /** pointer x where the drag began */
  startX: number;
  /** how far the handle can travel: track width minus handle width */
  max: number;
}

export type SliderAction =
  | { type: 'start'; clientX: number; max: number }
  | { type: 'move'; clientX: number }
  | { type: 'end' }
  | { type: 'reset' };

export const initialSlider: SliderState = { status: 'idle', offset: 0, startX: 0, max: 0 };

export function sliderReducer(state: SliderState, action: SliderAction): SliderState {
  if (state.status === 'success' && action.type !== 'reset') return state; // locked
  switch (action.type) {
    case 'start':
      if (action.max <= 0) return state;
      return { status: 'dragging', offset: 0, startX: action.clientX, max: action.max };
    case 'move': {
      if (state.status !== 'dragging') return state;
      const offset = Math.min(Math.max(action.clientX - state.startX, 0), state.max);
      // the full track width counts, nothing less
      if (offset >= state.max) return { ...state, status: 'success', offset: state.max };
      return { ...state, offset };
    }
    case 'end':
      return state.status === 'dragging' ? { ...state, status: 'idle', offset: 0 } : state;
    case 'reset':
      return initialSlider;
  }
}

export const SLIDER_IDLE_TEXT = '拖动滑块验证';
export const SLIDER_SUCCESS_TEXT = '验证通过';
