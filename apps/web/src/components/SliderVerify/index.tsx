import { CheckCircleFilled, DoubleRightOutlined } from '@ant-design/icons';
import { theme } from 'antd';
import { type PointerEvent, useEffect, useReducer, useRef } from 'react';
import { initialSlider, SLIDER_IDLE_TEXT, SLIDER_SUCCESS_TEXT, sliderReducer } from './slider-state';

export interface SliderVerifyProps {
  /** raised once when the handle reaches the end */
  onSuccess?: () => void;
  /** track height in px @default 36 */
  height?: number;
  /** change it to start over (e.g. after a failed submit) @default 0 */
  resetKey?: number | string;
}

/** Drag-to-verify slider: the handle must travel the full track; then 验证通过 and it locks. */
export function SliderVerify({ onSuccess, height = 36, resetKey = 0 }: SliderVerifyProps) {
  const { token } = theme.useToken();
  const [state, dispatch] = useReducer(sliderReducer, initialSlider);
  const track = useRef<HTMLDivElement>(null);
  const reported = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: resetKey is the trigger
  useEffect(() => {
    dispatch({ type: 'reset' });
    reported.current = false;
  }, [resetKey]);

  useEffect(() => {
    if (state.status === 'success' && !reported.current) {
      reported.current = true;
      onSuccess?.();
    }
  }, [state.status, onSuccess]);

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (state.status === 'success' || !track.current) return;
    e.currentTarget.setPointerCapture?.(e.pointerId);
    dispatch({ type: 'start', clientX: e.clientX, max: track.current.clientWidth - height });
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => dispatch({ type: 'move', clientX: e.clientX });
  const onPointerUp = () => dispatch({ type: 'end' });

  const success = state.status === 'success';
  const dragging = state.status === 'dragging';
  return (
    <div
      ref={track}
      className="slider-verify"
      data-status={state.status}
      style={{
        position: 'relative',
        width: '100%',
        height,
        lineHeight: `${height}px`,
        background: token.colorFillTertiary,
        border: `1px solid ${token.colorBorder}`,
        borderRadius: token.borderRadius,
        textAlign: 'center',
        userSelect: 'none',
        overflow: 'hidden',
        boxSizing: 'content-box',
      }}
    >
      <div
        aria-hidden
        style={{
          position: 'absolute',
          inset: '0 auto 0 0',
          width: state.offset + height / 2,
          background: success ? token.colorSuccess : token.colorSuccessBg,
          transition: dragging ? 'none' : 'width .2s',
        }}
      />
      <span
        style={{
          position: 'relative',
          color: success ? '#fff' : token.colorTextSecondary,
          fontSize: 14,
          pointerEvents: 'none',
        }}
      >
        {success ? SLIDER_SUCCESS_TEXT : SLIDER_IDLE_TEXT}
      </span>
      <div
        role="slider"
        tabIndex={0}
        aria-label={SLIDER_IDLE_TEXT}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={state.max ? Math.round((state.offset / state.max) * 100) : 0}
        aria-valuetext={success ? SLIDER_SUCCESS_TEXT : SLIDER_IDLE_TEXT}
        aria-disabled={success}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        style={{
          position: 'absolute',
          top: 0,
          left: state.offset,
          width: height,
          height,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          background: token.colorBgContainer,
          borderRight: `1px solid ${token.colorBorder}`,
          cursor: success ? 'default' : 'grab',
          color: success ? token.colorSuccess : token.colorTextTertiary,
          touchAction: 'none',
          transition: dragging ? 'none' : 'left .2s',
        }}
      >
        {success ? <CheckCircleFilled /> : <DoubleRightOutlined />}
      </div>
    </div>
  );
}

export default SliderVerify;
