/**
 * Every modal body (spec 02 §9 "height 80% of window"): at most 80 % of the window, and never taller than what leaves
 * the title, the footer and antd's top offset on screen; longer content scrolls inside. Applied to all modals by the
 * app's ConfigProvider; a fullscreen KitModal lifts it.
 */
export const MODAL_BODY_STYLE = { maxHeight: 'min(80vh, calc(100vh - 260px))', overflowY: 'auto' } as const;
